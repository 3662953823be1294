import { issueQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { issueQuote } from '@/lib/ledger/quotes/issue-quote';

export const POST = ledgerRoute(issueQuoteEndpoint, async ({ tenant, principal, params }) => {
  const id = requireUuid(params.id, 'Quote');
  return withTenant(tenant.id, (tx) => issueQuote(tx, { tenantId: tenant.id, id, actor: principal.subject }));
});
