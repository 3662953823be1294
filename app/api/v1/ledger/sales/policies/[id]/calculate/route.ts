import { calculateQuoteEndpoint } from '@/lib/api/endpoints/quotes';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { calculateQuoteNow } from '@/lib/ledger/quotes/calculate-now';
import { quoteMeta } from '@/lib/ledger/quotes/quote-view';
import { otherMethodAnswers } from '@/lib/http/unknown-route';
import { withMember } from '@/lib/json-text';
import type { CalculationResult } from '@/lib/rating/types';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(calculateQuoteEndpoint, async ({ tenant, principal, params, body, query, language }) => {
  const id = requireUuid(params.id, 'Quote');
  const { row, rating } = await calculateQuoteNow({
    tenantId: tenant.id,
    id,
    actor: principal.subject,
    patch: body,
    signalReady: query.withNotifications,
    language,
  });
  // The calculation's text, made once for the row, is the answer with `meta` added (a calculation has none).
  return new Response(withMember(rating.calculationText, 'meta', quoteMeta(row)), { headers: { 'content-type': 'application/json' } });
});

const calculationsHaveNoMeta: 'meta' extends keyof CalculationResult ? never : true = true;
void calculationsHaveNoMeta;

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}/calculate');
