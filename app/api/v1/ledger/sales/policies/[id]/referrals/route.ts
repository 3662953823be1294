import { referQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { referQuote } from '@/lib/ledger/quotes/refer-quote';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(referQuoteEndpoint, async ({ tenant, principal, params, body }) => {
  const id = requireUuid(params.id, 'Quote');
  await withTenant(tenant.id, (tx) => referQuote(tx, { tenantId: tenant.id, id, actor: principal.subject, comment: body.comment }));
  return new Response(null, { status: 204 });
});
