import type { Tx } from '@/lib/db/client';
import { calculationOf, findPolicy } from '@/lib/ledger/policies/policy-record';
import { listPayments, type PaymentView } from './payment-view';
import { policyStanding, type PolicyBalance } from './policy-balance';

// The balance that goes with every payments answer, read in the caller's transaction.

export async function balanceOfPolicy(tx: Tx, tenantId: string, policyId: string): Promise<PolicyBalance> {
  const row = await findPolicy(tx, tenantId, policyId);
  const standing = await policyStanding(tx, {
    tenantId,
    policyId,
    productCode: row.productCode,
    currency: calculationOf(row).data.currency,
    policyStatus: row.policyStatus,
  });
  return standing.balance;
}

export async function paymentHistory(
  tx: Tx,
  tenantId: string,
  policyId: string,
): Promise<{ data: PaymentView[]; meta: { balance: PolicyBalance } }> {
  const balance = await balanceOfPolicy(tx, tenantId, policyId);
  return { data: await listPayments(tx, tenantId, policyId), meta: { balance } };
}
