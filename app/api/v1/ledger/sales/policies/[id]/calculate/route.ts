import { calculateQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { tenantWrite } from '@/lib/db/tenant-write';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { calculateQuote } from '@/lib/ledger/quotes/calculate-quote';
import { quoteMeta } from '@/lib/ledger/quotes/quote-view';

export const POST = ledgerRoute(calculateQuoteEndpoint, async ({ tenant, principal, params, body, query, language }) => {
  const id = requireUuid(params.id, 'Quote');
  const { row, calculation } = await tenantWrite(tenant.id, (tx) =>
    calculateQuote(tx, { tenantId: tenant.id, id, actor: principal.subject, patch: body, signalReady: query.withNotifications, language }),
  );
  return { ...calculation, meta: quoteMeta(row) };
});
