import { readUser, updateUser } from '@/lib/accounts/users';
import { readUserEndpoint, updateUserEndpoint } from '@/lib/api/endpoints/admin';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(readUserEndpoint, async ({ tenant, params }) => readUser(tenant.id, requireUuid(params.id, 'User')));

export const PATCH = ledgerRoute(updateUserEndpoint, async ({ tenant, principal, params, body }) =>
  updateUser(tenant.id, principal.subject, requireUuid(params.id, 'User'), body),
);
