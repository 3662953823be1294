import { disableUser } from '@/lib/accounts/users';
import { disableUserEndpoint } from '@/lib/api/endpoints/admin';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(disableUserEndpoint, async ({ tenant, principal, params }) =>
  disableUser(tenant.id, principal.subject, requireUuid(params.id, 'User')),
);
