import { calculateQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { tenantWrite } from '@/lib/db/tenant-write';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { calculateQuote } from '@/lib/ledger/quotes/calculate-quote';
import { quoteMeta } from '@/lib/ledger/quotes/quote-view';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const POST = ledgerRoute(calculateQuoteEndpoint, async ({ tenant, principal, params, body, query, language }) => {
  const id = requireUuid(params.id, 'Quote');
  const { row, calculation } = await tenantWrite(tenant.id, (tx) =>
    calculateQuote(tx, { tenantId: tenant.id, id, actor: principal.subject, patch: body, signalReady: query.withNotifications, language }),
  );
  return { ...calculation, meta: quoteMeta(row) };
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}/calculate');
