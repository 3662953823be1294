import { copyQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { copyQuote } from '@/lib/ledger/quotes/copy-quote';
import { quoteBody } from '@/lib/ledger/quotes/quote-view';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(copyQuoteEndpoint, async ({ tenant, principal, params }) => {
  const id = requireUuid(params.id, 'Quote');
  return quoteBody(await withTenant(tenant.id, (tx) => copyQuote(tx, { tenant, id, actor: principal.subject })));
});
