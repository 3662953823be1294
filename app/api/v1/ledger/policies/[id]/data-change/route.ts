import { policyDataChangeEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { changePolicyData } from '@/lib/ledger/policies/change-policy-data';
import { readPolicy } from '@/lib/ledger/policies/read-policy';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(policyDataChangeEndpoint, async ({ tenant, principal, params, body, request, language }) => {
  const id = requireUuid(params.id, 'Policy');
  const { effectiveDate, ...patch } = body;
  const { body: policy, etag } = await withTenant(tenant.id, async (tx) => {
    await changePolicyData(tx, {
      tenantId: tenant.id,
      id,
      actor: principal.subject,
      patch,
      effectiveDate,
      ifMatch: request.headers.get('if-match'),
    });
    return readPolicy(tx, { tenantId: tenant.id, id, forceCoverageDateFormat: true, language });
  });
  return Response.json(policy, { headers: { etag } });
});
