import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { ACCOUNTS } from '@/lib/ledger/billing/journal';
import { recordEvent } from '@/lib/ledger/events';
import { publishChange } from '@/lib/jobs/queue';
import { money, toAmount } from '@/lib/money';
import { assertCurrency, assertNotFuture, openPolicyMoney } from './policy-money';
import { paymentView, type PaymentView } from './payment-view';
import { settleBalance } from './settle';

export const PAYMENT_METHODS = ['card', 'bank-transfer', 'direct-debit', 'cheque', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface RecordPaymentInput {
  tenantId: string;
  policyId: string;
  actor: string;
  amount: number;
  currency: string;
  receivedOn: string;
  method: PaymentMethod;
  reference?: string;
  today?: string;
}

/**
 * POST /policies/{id}/payments: money received. Cash is debited, and the money is set against the
 * oldest instalments still owed (a part where it does not cover one); what is left is the
 * policyholder's credit, which the next instalment uses. One journal entry, one transaction.
 */
export async function recordPayment(tx: Tx, input: RecordPaymentInput): Promise<PaymentView> {
  const opened = await openPolicyMoney(tx, input.tenantId, input.policyId, input.today);
  assertCurrency(opened, input.currency);
  assertNotFuture(input.receivedOn, opened.today, '/receivedOn');
  const amount = money(input.amount);
  const paymentId = randomUUID();
  const settled = await settleBalance(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    currency: opened.currency,
    journalKind: 'payment',
    description: `Payment received by ${input.method}${input.reference ? `, reference ${input.reference}` : ''}`,
    lines: [
      { account: ACCOUNTS.cash, debit: amount },
      { account: ACCOUNTS.credit, credit: amount },
    ],
    creditDelta: amount,
    paymentId,
    beforeAllocations: async (journalEntryId) => {
      await tx.payment.create({
        data: {
          id: paymentId,
          tenantId: input.tenantId,
          policyId: input.policyId,
          kind: 'payment',
          amount: amount.toFixed(2),
          currency: opened.currency,
          receivedOn: new Date(`${input.receivedOn}T00:00:00Z`),
          method: input.method,
          reference: input.reference ?? null,
          journalEntryId,
          createdBy: input.actor,
        },
      });
    },
  });
  const view = await paymentView(tx, input.tenantId, input.policyId, paymentId);
  const allocated = view.allocations.reduce((sum, allocation) => sum.plus(allocation.amount), money(0));
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    type: 'payment.received',
    actor: input.actor,
    data: {
      paymentId,
      amount: toAmount(amount),
      currency: opened.currency,
      receivedOn: input.receivedOn,
      method: input.method,
      reference: input.reference ?? null,
      allocated: toAmount(allocated),
      credit: toAmount(settled.credit),
    },
  });
  await publishChange(tx, `policy:${input.policyId}`);
  return view;
}
