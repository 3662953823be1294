import { reversePaymentEndpoint } from '@/lib/api/endpoints/payments';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { balanceOfPolicy } from '@/lib/ledger/payments/answer';
import { reversePayment } from '@/lib/ledger/payments/reverse-payment';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(reversePaymentEndpoint, async ({ tenant, principal, params, body }) => {
  const policyId = requireUuid(params.id, 'Policy');
  const paymentId = requireUuid(params.paymentId, 'Payment');
  const answer = await withTenant(tenant.id, async (tx) => {
    const reversal = await reversePayment(tx, { tenantId: tenant.id, policyId, paymentId, actor: principal.subject, reason: body.reason });
    return { data: reversal, meta: { balance: await balanceOfPolicy(tx, tenant.id, policyId) } };
  });
  return Response.json(answer, { status: 201 });
});
