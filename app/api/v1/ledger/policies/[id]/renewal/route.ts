import { policyRenewalEndpoint } from '@/lib/api/endpoints/policies';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { renewPolicy } from '@/lib/ledger/policies/renew-policy';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(policyRenewalEndpoint, async ({ tenant, principal, params }) => {
  const id = requireUuid(params.id, 'Policy');
  return withTenant(tenant.id, (tx) => renewPolicy(tx, { tenant, id, actor: principal.subject }));
});
