import { readQuoteEndpoint, updateQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { listNotifications } from '@/lib/ledger/policies/notifications';
import { findQuote, etagOf } from '@/lib/ledger/quotes/quote-record';
import { readQuoteAnswer } from '@/lib/ledger/quotes/quote-read';
import { quoteBody, quoteReadBody } from '@/lib/ledger/quotes/quote-view';
import { updateQuote } from '@/lib/ledger/quotes/update-quote';
import { businessTodayOf } from '@/lib/ledger/today';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(readQuoteEndpoint, async ({ tenant, params, query }) => {
  const id = requireUuid(params.id, 'Quote');
  if (!query.withNotifications) {
    // The plain read: one round trip on the read-only path, the last answer reused while the row is unchanged.
    const answer = await readQuoteAnswer(tenant, id);
    return new Response(answer.json, { headers: { 'content-type': 'application/json', etag: answer.etag } });
  }
  const { row, notifications } = await withTenant(tenant.id, async (tx) => {
    const found = await findQuote(tx, tenant.id, id);
    return { row: found, notifications: await listNotifications(tx, tenant.id, id) };
  });
  const today = businessTodayOf(tenant, row.productCode);
  return Response.json(quoteReadBody(row, today, notifications), { headers: { etag: etagOf(row) } });
});

export const PUT = ledgerRoute(updateQuoteEndpoint, async ({ tenant, principal, params, body, request, language }) => {
  const id = requireUuid(params.id, 'Quote');
  const row = await withTenant(tenant.id, (tx) =>
    updateQuote(tx, {
      tenantId: tenant.id,
      id,
      actor: principal.subject,
      patch: body,
      ifMatch: request.headers.get('if-match'),
      language,
    }),
  );
  return Response.json(quoteBody(row), { headers: { etag: etagOf(row) } });
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { POST, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}');
