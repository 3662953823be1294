import { passwordSetLink } from '@/lib/accounts/links';
import { createUser, listUsers } from '@/lib/accounts/users';
import { createUserEndpoint, listUsersEndpoint } from '@/lib/api/endpoints/admin';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(listUsersEndpoint, async ({ tenant }) => ({ data: await listUsers(tenant.id) }));

export const POST = ledgerRoute(createUserEndpoint, async ({ tenant, principal, body, request }) => {
  const created = await createUser(tenant.id, principal.subject, body);
  return Response.json(
    {
      user: created.user,
      passwordSetLink: passwordSetLink(created.passwordSetToken ?? '', request.url),
      passwordSetExpiresAt: created.passwordSetExpiresAt,
    },
    { status: 201 },
  );
});
