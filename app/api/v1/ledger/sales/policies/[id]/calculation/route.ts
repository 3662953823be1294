import { calculationEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { InvalidState } from '@/lib/errors';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { termCalculation } from '@/lib/ledger/policies/term-calculation';
import { allowedQuoteActions, quoteActionKeys } from '@/lib/ledger/state-machine';
import { quoteState } from '@/lib/ledger/quotes/quote-record';
import { quoteMeta } from '@/lib/ledger/quotes/quote-view';
import { readQuote } from '@/lib/ledger/quotes/read-quote';

export const dynamic = 'force-dynamic';

/** Spec 4.5: reads the latest known premium; never recalculates or writes. */
export const GET = ledgerRoute(calculationEndpoint, async ({ tenant, params }) => {
  const row = await readQuote(tenant.id, requireUuid(params.id, 'Quote'));
  if (!row.calculation) {
    const state = quoteState(row);
    throw new InvalidState('The quote has not been calculated yet', state, quoteActionKeys(allowedQuoteActions(state)));
  }
  // An issued policy answers what is charged for its term, not a whole-year re-rate.
  const calculation = row.policyNumber ? await withTenant(tenant.id, (tx) => termCalculation(tx, row)) : row.calculation;
  return { ...(calculation as Record<string, unknown>), meta: quoteMeta(row) };
});
