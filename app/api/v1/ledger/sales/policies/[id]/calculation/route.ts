import { calculationEndpoint } from '@/lib/api/endpoints/quotes';
import { InvalidState } from '@/lib/errors';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { allowedQuoteActions } from '@/lib/ledger/state-machine';
import { quoteState } from '@/lib/ledger/quotes/quote-record';
import { quoteMeta } from '@/lib/ledger/quotes/quote-view';
import { readQuote } from '@/lib/ledger/quotes/read-quote';

/** Spec 4.5: reads the latest known premium; never recalculates or writes. */
export const GET = ledgerRoute(calculationEndpoint, async ({ tenant, params }) => {
  const row = await readQuote(tenant.id, requireUuid(params.id, 'Quote'));
  if (!row.calculation) {
    const state = quoteState(row);
    throw new InvalidState('The quote has not been calculated yet', state, allowedQuoteActions(state));
  }
  return { ...(row.calculation as Record<string, unknown>), meta: quoteMeta(row) };
});
