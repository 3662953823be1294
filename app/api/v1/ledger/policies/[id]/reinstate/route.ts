import { policyReinstateEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { reinstatePolicy } from '@/lib/ledger/policies/reinstate-policy';
import { etagOf } from '@/lib/ledger/quotes/quote-record';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(policyReinstateEndpoint, async ({ tenant, principal, params, query, request }) => {
  const id = requireUuid(params.id, 'Policy');
  const outcome = await withTenant(tenant.id, (tx) =>
    reinstatePolicy(tx, {
      tenantId: tenant.id,
      id,
      actor: principal.subject,
      dryRun: query.dryRun,
      ifMatch: request.headers.get('if-match'),
    }),
  );
  return Response.json(
    {
      data: { ...outcome.preview, invoiceNumber: outcome.invoiceNumber },
      meta: { dryRun: outcome.dryRun, status: outcome.row.policyStatus, version: String(outcome.row.currentVersion) },
    },
    { headers: { etag: etagOf(outcome.row) } },
  );
});
