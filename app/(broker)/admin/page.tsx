import { getServerSession } from 'next-auth';
import { ClientsAdmin } from '@/components/admin/clients-admin';
import { TenantSettings } from '@/components/admin/tenant-settings';
import { UsersAdmin } from '@/components/admin/users-admin';
import { authOptions } from '@/lib/auth/next-auth';

export const metadata = { title: 'Administration · Policy Ledger' };

export default async function AdminPage() {
  const session = await getServerSession(authOptions);
  const admin = !!session && session.roles.includes('admin');
  return (
    <div className="stack">
      <h1>Administration</h1>
      {admin ? (
        <>
          <UsersAdmin />
          <ClientsAdmin />
          <TenantSettings />
        </>
      ) : (
        <p className="panel" role="note">
          Only administrators manage users and API clients.
        </p>
      )}
    </div>
  );
}
