import { policyInstallmentsViewEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { installmentsView } from '@/lib/ledger/policies/installments-view';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(policyInstallmentsViewEndpoint, async ({ tenant, params, query, language }) => {
  const policyId = requireUuid(params.policyId, 'Policy');
  return withTenant(tenant.id, (tx) =>
    installmentsView(tx, { tenantId: tenant.id, policyId, code: query.code, documentCountry: query.documentCountry, language }),
  );
});
