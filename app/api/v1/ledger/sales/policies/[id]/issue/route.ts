import { issueQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { tenantWrite } from '@/lib/db/tenant-write';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { issueQuote } from '@/lib/ledger/quotes/issue-quote';

export const POST = ledgerRoute(issueQuoteEndpoint, async ({ tenant, principal, params }) => {
  const id = requireUuid(params.id, 'Quote');
  return tenantWrite(tenant.id, (tx) => issueQuote(tx, { tenantId: tenant.id, id, actor: principal.subject }));
});
