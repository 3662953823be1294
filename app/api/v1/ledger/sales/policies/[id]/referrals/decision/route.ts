import { decideReferralEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { decideReferral } from '@/lib/ledger/quotes/decide-referral';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(decideReferralEndpoint, async ({ tenant, principal, params, body }) => {
  const id = requireUuid(params.id, 'Quote');
  await withTenant(tenant.id, (tx) => decideReferral(tx, { tenantId: tenant.id, id, actor: principal.subject, ...body }));
  return new Response(null, { status: 204 });
});
