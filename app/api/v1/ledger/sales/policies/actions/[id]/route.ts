import { quoteActionsEndpoint } from '@/lib/api/endpoints/quotes';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { quoteActionsBody } from '@/lib/ledger/quotes/quote-view';
import { readQuoteWhenReady } from '@/lib/ledger/quotes/read-quote';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

/** While enrichment or the background rating runs: 202 with Retry-After; ready: 200. */
export const GET = ledgerRoute(quoteActionsEndpoint, async ({ tenant, params, query, request }) => {
  const id = requireUuid(params.id, 'Quote');
  const row = await readQuoteWhenReady(tenant.id, id, query.longPolling, request.signal);
  const body = quoteActionsBody(row);
  return body.meta.ready ? Response.json(body) : Response.json(body, { status: 202, headers: { 'retry-after': '1' } });
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/actions/{id}');
