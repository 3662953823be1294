import { recordRefundEndpoint } from '@/lib/api/endpoints/payments';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { balanceOfPolicy } from '@/lib/ledger/payments/answer';
import { recordRefund } from '@/lib/ledger/payments/record-refund';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(recordRefundEndpoint, async ({ tenant, principal, params, body }) => {
  const policyId = requireUuid(params.id, 'Policy');
  const answer = await withTenant(tenant.id, async (tx) => {
    const refund = await recordRefund(tx, { tenantId: tenant.id, policyId, actor: principal.subject, ...body });
    return { data: refund, meta: { balance: await balanceOfPolicy(tx, tenant.id, policyId) } };
  });
  return Response.json(answer, { status: 201 });
});
