import { listPaymentsEndpoint, recordPaymentEndpoint } from '@/lib/api/endpoints/payments';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { balanceOfPolicy, paymentHistory } from '@/lib/ledger/payments/answer';
import { recordPayment } from '@/lib/ledger/payments/record-payment';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(recordPaymentEndpoint, async ({ tenant, principal, params, body }) => {
  const policyId = requireUuid(params.id, 'Policy');
  const answer = await withTenant(tenant.id, async (tx) => {
    const payment = await recordPayment(tx, { tenantId: tenant.id, policyId, actor: principal.subject, ...body });
    return { data: payment, meta: { balance: await balanceOfPolicy(tx, tenant.id, policyId) } };
  });
  return Response.json(answer, { status: 201 });
});

export const GET = ledgerRoute(listPaymentsEndpoint, async ({ tenant, params }) => {
  const policyId = requireUuid(params.id, 'Policy');
  return withTenant(tenant.id, (tx) => paymentHistory(tx, tenant.id, policyId));
});
