import { createQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { ledgerRoute } from '@/lib/http/route';
import { createQuote } from '@/lib/ledger/quotes/create-quote';
import { quoteBody } from '@/lib/ledger/quotes/quote-view';

export const POST = ledgerRoute(createQuoteEndpoint, async ({ tenant, principal, body, language }) => {
  const row = await withTenant(tenant.id, (tx) => createQuote(tx, { tenant, actor: principal.subject, payload: body, language }));
  return quoteBody(row);
});
