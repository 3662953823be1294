import { declineQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { declineQuote } from '@/lib/ledger/quotes/decline-quote';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(declineQuoteEndpoint, async ({ tenant, principal, params, body }) => {
  const id = requireUuid(params.id, 'Quote');
  const [{ reason }, { declinedAt }] = body;
  await withTenant(tenant.id, (tx) => declineQuote(tx, { tenantId: tenant.id, id, actor: principal.subject, reason, declinedAt }));
  return new Response(null, { status: 204 });
});
