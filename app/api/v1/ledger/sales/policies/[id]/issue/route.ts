import { issueQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { tenantWrite } from '@/lib/db/tenant-write';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { issueQuote } from '@/lib/ledger/quotes/issue-quote';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(issueQuoteEndpoint, async ({ tenant, principal, params }) => {
  const id = requireUuid(params.id, 'Quote');
  return tenantWrite(tenant.id, (tx) => issueQuote(tx, { tenantId: tenant.id, id, actor: principal.subject }));
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}/issue');
