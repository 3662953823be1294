import { rotateClientSecret } from '@/lib/accounts/clients';
import { rotateClientEndpoint } from '@/lib/api/endpoints/admin';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(rotateClientEndpoint, async ({ tenant, principal, params, body }) =>
  rotateClientSecret(tenant.id, principal.subject, params.clientId ?? '', body.overlapSeconds),
);
