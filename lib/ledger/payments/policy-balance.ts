import type { Tx } from '@/lib/db/client';
import { toAmount, ZERO, type Decimal } from '@/lib/money';
import { businessToday } from '@/lib/ledger/today';
import { balanceOf, instalmentState, outstandingOf, type InstalmentState } from './allocation';
import { creditBalance, policyPositions } from './settle';

// Where a policy's money stands today: each instalment's state with what was paid and what is
// still owed, and the policy's balance. Read from the instalments, their allocations and the
// credit account; nothing here is stored.

export interface InstalmentStanding {
  state: InstalmentState;
  paid: Decimal;
  outstanding: Decimal;
}

export interface PolicyBalance {
  currency: string;
  outstanding: number;
  dueNow: number;
  overdue: number;
  credit: number;
  /** Credit no later instalment can use (the policy has ended or is cancelled): it is owed back to the policyholder. */
  refundDue: number;
}

/**
 * Statuses whose credit is owed back: the policy has ended, or its termination is recorded and
 * only waits for its date (the customer has cancelled; should the termination be withdrawn, a
 * refund already paid out reopens the instalments it came from).
 */
const ENDED = new Set(['terminated', 'expired', 'pending-termination']);

export async function policyStanding(
  tx: Tx,
  input: { tenantId: string; policyId: string; productCode: string; currency: string; policyStatus: string; today?: string },
): Promise<{ balance: PolicyBalance; instalments: Map<string, InstalmentStanding> }> {
  // What is due and overdue is judged on the business date (the tenant's or product's zone).
  const today = input.today ?? (await businessToday(tx, input.tenantId, input.productCode));
  const [positions, credit] = await Promise.all([
    policyPositions(tx, input.tenantId, input.policyId),
    creditBalance(tx, input.tenantId, input.policyId),
  ]);
  const instalments = new Map<string, InstalmentStanding>();
  for (const position of positions.live) {
    const owed = outstandingOf(position);
    instalments.set(position.id, {
      state: instalmentState(position, false, today),
      paid: position.paid,
      outstanding: owed.isNegative() ? ZERO : owed,
    });
  }
  const balance = balanceOf(positions.live, today);
  // An amount owed back that is still an open instalment (set to credit at the next movement) is credit too.
  const owedBack = positions.negative.reduce((sum, instalment) => sum.minus(instalment.amount), ZERO);
  const held = credit.plus(owedBack);
  return {
    instalments,
    balance: {
      currency: input.currency,
      outstanding: toAmount(balance.outstanding),
      dueNow: toAmount(balance.dueNow),
      overdue: toAmount(balance.overdue),
      credit: toAmount(held),
      refundDue: ENDED.has(input.policyStatus) ? toAmount(held) : 0,
    },
  };
}
