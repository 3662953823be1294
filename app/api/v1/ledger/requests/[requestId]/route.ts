import { getRequestEndpoint } from '@/lib/api/endpoints/requests';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { getRequest, waitForRequest } from '@/lib/ledger/requests/get-request';

export const GET = ledgerRoute(getRequestEndpoint, async ({ tenant, params, query, request }) => {
  const requestId = requireUuid(params.requestId, 'Request');
  return query.longPolling ? waitForRequest(tenant.id, requestId, request.signal) : getRequest(tenant.id, requestId);
});
