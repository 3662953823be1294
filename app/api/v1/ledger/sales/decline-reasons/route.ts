import { declineReasonsEndpoint } from '@/lib/api/endpoints/quotes';
import { ledgerRoute } from '@/lib/http/route';
import { declineReasons } from '@/lib/ledger/quotes/decline-reasons';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(declineReasonsEndpoint, async ({ language }) => ({ data: declineReasons(language) }));
