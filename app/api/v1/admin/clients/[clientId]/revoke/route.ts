import { revokeClient } from '@/lib/accounts/clients';
import { revokeClientEndpoint } from '@/lib/api/endpoints/admin';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(revokeClientEndpoint, async ({ tenant, principal, params }) =>
  revokeClient(tenant.id, principal.subject, params.clientId ?? ''),
);
