import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { InvalidState, NotFound } from '@/lib/errors';
import { ACCOUNTS } from '@/lib/ledger/billing/journal';
import { recordEvent } from '@/lib/ledger/events';
import { publishChange } from '@/lib/jobs/queue';
import { money, toAmount } from '@/lib/money';
import { openPolicyMoney } from './policy-money';
import { paymentView, type PaymentView } from './payment-view';
import { settleBalance } from './settle';

export interface ReversePaymentInput {
  tenantId: string;
  policyId: string;
  paymentId: string;
  actor: string;
  reason: string;
  today?: string;
}

/**
 * POST /policies/{id}/payments/{paymentId}/reverse: the money did not arrive after all (a
 * returned direct debit, a charge-back). A new entry takes the cash back out; what the payment
 * paid is taken off its instalments (latest first), which reopen. Never an update of the payment.
 * 409 when it was reversed already, or when part of it has been refunded out of the credit.
 */
export async function reversePayment(tx: Tx, input: ReversePaymentInput): Promise<PaymentView> {
  const opened = await openPolicyMoney(tx, input.tenantId, input.policyId, input.today);
  const payment = await tx.payment.findFirst({ where: { tenantId: input.tenantId, policyId: input.policyId, id: input.paymentId } });
  if (!payment || payment.kind !== 'payment') throw new NotFound('Payment', input.paymentId);
  const already = await tx.payment.findFirst({ where: { tenantId: input.tenantId, reversesId: payment.id }, select: { id: true } });
  if (already) throw new InvalidState(`Payment ${payment.id} was reversed already`, 'reversed', []);
  const amount = money(payment.amount.toString());
  const reversalId = randomUUID();
  await settleBalance(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    currency: opened.currency,
    journalKind: 'payment-reversal',
    description: `Reversal of the payment of ${amount.toFixed(2)} ${payment.currency} received ${payment.receivedOn.toISOString().slice(0, 10)}: ${input.reason}`,
    lines: [
      { account: ACCOUNTS.credit, debit: amount },
      { account: ACCOUNTS.cash, credit: amount },
    ],
    creditDelta: amount.negated(),
    paymentId: payment.id,
    beforeAllocations: async (journalEntryId) => {
      await tx.payment.create({
        data: {
          id: reversalId,
          tenantId: input.tenantId,
          policyId: input.policyId,
          kind: 'reversal',
          amount: amount.toFixed(2),
          currency: payment.currency,
          receivedOn: new Date(`${opened.today}T00:00:00Z`),
          method: payment.method,
          reference: input.reason,
          reversesId: payment.id,
          journalEntryId,
          createdBy: input.actor,
        },
      });
    },
  });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    type: 'payment.reversed',
    actor: input.actor,
    data: { paymentId: payment.id, reversalId, amount: toAmount(amount), currency: payment.currency, reason: input.reason },
  });
  await publishChange(tx, `policy:${input.policyId}`);
  return paymentView(tx, input.tenantId, input.policyId, reversalId);
}
