import { getServerSession } from 'next-auth';
import { ReferralQueue } from '@/components/referrals/referral-queue';
import { authOptions } from '@/lib/auth/next-auth';

export const metadata = { title: 'Referrals · Policy Ledger' };

export default async function ReferralsPage() {
  const session = await getServerSession(authOptions);
  const decides = !!session && (session.roles.includes('underwriter') || session.roles.includes('admin'));
  return (
    <div className="stack">
      <h1>Referrals</h1>
      {decides ? (
        <ReferralQueue />
      ) : (
        <p className="panel" role="note">
          Only underwriters decide referrals. Your referred quotes are in the quotes list with the status “In manual referral”.
        </p>
      )}
    </div>
  );
}
