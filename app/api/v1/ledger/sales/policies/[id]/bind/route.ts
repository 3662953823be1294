import { bindQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { tenantWrite } from '@/lib/db/tenant-write';
import { InvalidState } from '@/lib/errors';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { allowedQuoteActions, quoteActionKeys } from '@/lib/ledger/state-machine';
import { bindQuote } from '@/lib/ledger/quotes/bind-quote';
import { quoteMeta } from '@/lib/ledger/quotes/quote-view';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(bindQuoteEndpoint, async ({ tenant, principal, params }) => {
  const id = requireUuid(params.id, 'Quote');
  const outcome = await tenantWrite(tenant.id, (tx) => bindQuote(tx, { tenantId: tenant.id, id, actor: principal.subject }));
  if (outcome.kind === 'referred') {
    // Committed: the quote now waits for an underwriter, and the caller learns why bind did not happen.
    throw new InvalidState(
      'The recalculation referred the quote to an underwriter; it was not bound',
      'in-manual-referral',
      quoteActionKeys(allowedQuoteActions('in-manual-referral')),
    );
  }
  return { ...outcome.calculation, meta: quoteMeta(outcome.row) };
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}/bind');
