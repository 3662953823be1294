import { getRequestEndpoint } from '@/lib/api/endpoints/requests';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { getRequest, waitForRequest } from '@/lib/ledger/requests/get-request';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(getRequestEndpoint, async ({ tenant, params, query, request }) => {
  const requestId = requireUuid(params.requestId, 'Request');
  return query.longPolling ? waitForRequest(tenant.id, requestId, request.signal) : getRequest(tenant.id, requestId);
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/requests/{requestId}');
