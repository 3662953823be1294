import { createQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { tenantWrite } from '@/lib/db/tenant-write';
import { ledgerRoute } from '@/lib/http/route';
import { createQuoteAndCommit } from '@/lib/ledger/quotes/create-quote';
import { quoteBody } from '@/lib/ledger/quotes/quote-view';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(createQuoteEndpoint, async ({ tenant, principal, body, language }) => {
  const row = await tenantWrite(tenant.id, (tx) => createQuoteAndCommit(tx, { tenant, actor: principal.subject, payload: body, language }));
  return quoteBody(row);
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/create');
