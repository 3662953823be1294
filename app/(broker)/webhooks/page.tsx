import { getServerSession } from 'next-auth';
import { WebhookAdmin } from '@/components/webhooks/webhook-admin';
import { authOptions } from '@/lib/auth/next-auth';

export const metadata = { title: 'Webhooks · Policy Ledger' };

export default async function WebhooksPage() {
  const session = await getServerSession(authOptions);
  const admin = !!session && session.roles.includes('admin');
  return (
    <div className="stack">
      <h1>Webhooks</h1>
      {admin ? (
        <WebhookAdmin />
      ) : (
        <p className="panel" role="note">
          Only administrators manage webhooks.
        </p>
      )}
    </div>
  );
}
