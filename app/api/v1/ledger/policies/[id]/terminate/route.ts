import { policyTerminateEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { terminatePolicy } from '@/lib/ledger/policies/terminate-policy';
import { etagOf } from '@/lib/ledger/quotes/quote-record';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(policyTerminateEndpoint, async ({ tenant, principal, params, query, body, request }) => {
  const id = requireUuid(params.id, 'Policy');
  const outcome = await withTenant(tenant.id, (tx) =>
    terminatePolicy(tx, {
      tenantId: tenant.id,
      id,
      actor: principal.subject,
      ...body,
      dryRun: query.dryRun,
      ifMatch: request.headers.get('if-match'),
    }),
  );
  return Response.json(
    {
      data: { ...outcome.preview, creditNoteNumber: outcome.creditNoteNumber, balanceDue: outcome.balanceDue, schedule: outcome.schedule },
      meta: { dryRun: outcome.dryRun, status: outcome.row.policyStatus, version: String(outcome.row.currentVersion) },
    },
    { headers: { etag: etagOf(outcome.row) } },
  );
});
