import { listQuotesEndpoint } from '@/lib/api/endpoints/quotes';
import { ledgerRoute } from '@/lib/http/route';
import { listQuotes } from '@/lib/ledger/quotes/list-quotes';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(listQuotesEndpoint, async ({ tenant, query }) => listQuotes({ tenant, ...query }));
