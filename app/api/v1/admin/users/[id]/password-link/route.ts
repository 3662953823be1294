import { passwordSetLink } from '@/lib/accounts/links';
import { issuePasswordLink } from '@/lib/accounts/users';
import { passwordLinkEndpoint } from '@/lib/api/endpoints/admin';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(passwordLinkEndpoint, async ({ tenant, principal, params, request }) => {
  const issued = await issuePasswordLink(tenant.id, principal.subject, requireUuid(params.id, 'User'));
  return { passwordSetLink: passwordSetLink(issued.passwordSetToken, request.url), passwordSetExpiresAt: issued.passwordSetExpiresAt };
});
