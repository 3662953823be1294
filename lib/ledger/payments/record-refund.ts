import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { ValidationFailed } from '@/lib/errors';
import { ACCOUNTS } from '@/lib/ledger/billing/journal';
import { recordEvent } from '@/lib/ledger/events';
import { publishChange } from '@/lib/jobs/queue';
import { money, toAmount } from '@/lib/money';
import { assertCurrency, assertNotFuture, openPolicyMoney } from './policy-money';
import { paymentView, type PaymentView } from './payment-view';
import type { PaymentMethod } from './record-payment';
import { creditBalance, settleBalance } from './settle';

export interface RecordRefundInput {
  tenantId: string;
  policyId: string;
  actor: string;
  amount: number;
  currency: string;
  paidOn: string;
  method: PaymentMethod;
  reference?: string;
  today?: string;
}

/**
 * POST /policies/{id}/refunds: money paid back to the policyholder out of their credit (a
 * return premium that no instalment needed, or an overpayment). Credit is debited and cash
 * credited; a refund larger than the credit is 422 and stores nothing.
 */
export async function recordRefund(tx: Tx, input: RecordRefundInput): Promise<PaymentView> {
  const opened = await openPolicyMoney(tx, input.tenantId, input.policyId, input.today);
  assertCurrency(opened, input.currency);
  assertNotFuture(input.paidOn, opened.today, '/paidOn');
  const amount = money(input.amount);
  const held = await creditBalance(tx, input.tenantId, input.policyId);
  if (amount.greaterThan(held)) {
    const message = `may be at most the policyholder's credit, ${held.toFixed(2)} ${opened.currency}`;
    throw new ValidationFailed(`The refund ${message}`, [{ path: '/amount', message }]);
  }
  const refundId = randomUUID();
  const settled = await settleBalance(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    currency: opened.currency,
    journalKind: 'refund',
    description: `Refund paid by ${input.method}${input.reference ? `, reference ${input.reference}` : ''}`,
    lines: [
      { account: ACCOUNTS.credit, debit: amount },
      { account: ACCOUNTS.cash, credit: amount },
    ],
    creditDelta: amount.negated(),
    beforeAllocations: async (journalEntryId) => {
      await tx.payment.create({
        data: {
          id: refundId,
          tenantId: input.tenantId,
          policyId: input.policyId,
          kind: 'refund',
          amount: amount.toFixed(2),
          currency: opened.currency,
          receivedOn: new Date(`${input.paidOn}T00:00:00Z`),
          method: input.method,
          reference: input.reference ?? null,
          journalEntryId,
          createdBy: input.actor,
        },
      });
    },
  });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    type: 'refund.paid',
    actor: input.actor,
    data: {
      refundId,
      amount: toAmount(amount),
      currency: opened.currency,
      paidOn: input.paidOn,
      method: input.method,
      credit: toAmount(settled.credit),
    },
  });
  await publishChange(tx, `policy:${input.policyId}`);
  return paymentView(tx, input.tenantId, input.policyId, refundId);
}
