import { quoteChangesEndpoint } from '@/lib/api/endpoints/quotes';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { quoteChanges } from '@/lib/ledger/quotes/quote-changes';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(quoteChangesEndpoint, async ({ tenant, params, query }) =>
  quoteChanges(tenant.id, requireUuid(params.id, 'Quote'), query.page, query.pageSize),
);
