import { getServerSession } from 'next-auth';
import { BordereauDownload } from '@/components/reports/bordereau-download';
import { authOptions } from '@/lib/auth/next-auth';

export const metadata = { title: 'Reports · Policy Ledger' };

export default async function ReportsPage() {
  const session = await getServerSession(authOptions);
  const admin = !!session && session.roles.includes('admin');
  return (
    <div className="stack">
      <h1>Reports</h1>
      {admin ? (
        <BordereauDownload />
      ) : (
        <p className="panel" role="note">
          Only administrators download bordereaux.
        </p>
      )}
    </div>
  );
}
