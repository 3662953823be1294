import { policyMtaEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { applyMta } from '@/lib/ledger/policies/apply-mta';
import { etagOf } from '@/lib/ledger/quotes/quote-record';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(policyMtaEndpoint, async ({ tenant, principal, params, query, body, request }) => {
  const id = requireUuid(params.id, 'Policy');
  const { effectiveDate, ...patch } = body;
  const outcome = await withTenant(tenant.id, (tx) =>
    applyMta(tx, {
      tenantId: tenant.id,
      id,
      actor: principal.subject,
      effectiveDate,
      patch,
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
