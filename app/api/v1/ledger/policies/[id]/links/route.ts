import { policyLinksEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { readPolicy } from '@/lib/ledger/policies/read-policy';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(policyLinksEndpoint, async ({ tenant, params, query, language }) => {
  const id = requireUuid(params.id, 'Policy');
  const { body, etag } = await withTenant(tenant.id, (tx) =>
    readPolicy(tx, { tenantId: tenant.id, id, version: query.version, forceCoverageDateFormat: query.forceCoverageDateFormat, language }),
  );
  return Response.json(body, { headers: { etag } });
});
