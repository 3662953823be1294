import type { Tx } from '@/lib/db/client';
import { Conflict } from '@/lib/errors';
import { ACCOUNTS, postJournalEntry, type JournalLineInput } from '@/lib/ledger/billing/journal';
import { isoDay } from '@/lib/ledger/policies/policy-record';
import { money, ZERO, type Decimal } from '@/lib/money';
import { allocate, takeBack, type InstalmentPosition, type Move } from './allocation';

// The one place money meets instalments. Every movement (a payment, its reversal, a refund, and
// after an MTA or a termination) ends here, under the policy's row lock held by the caller:
//  1. an open instalment with a negative amount (money owed back after a return) becomes credit;
//  2. what was paid on an instalment that has since been cancelled (re-spread, termination) goes
//     back to credit;
//  3. credit below zero (a reversed payment) is taken back off paid instalments, reopening them;
//  4. credit above zero is set against the oldest instalments still owed.
// All of it is one balanced journal entry with the caller's own lines, so the receivable always
// equals what the live instalments still ask for, and the credit account what is held.

export interface PolicyPositions {
  live: InstalmentPosition[];
  /** Live instalments' stored status (open or paid), by id. */
  status: Map<string, string>;
  /** Cancelled instalments that still carry allocations. */
  cancelledPaid: { id: string; paid: Decimal }[];
  /** Open instalments with a negative amount. */
  negative: { id: string; amount: Decimal }[];
}

export async function policyPositions(tx: Tx, tenantId: string, policyId: string): Promise<PolicyPositions> {
  const [instalments, sums] = await Promise.all([
    tx.instalment.findMany({ where: { tenantId, policyId }, orderBy: [{ dueDate: 'asc' }, { sequence: 'asc' }] }),
    tx.allocation.groupBy({ by: ['instalmentId'], where: { tenantId, policyId }, _sum: { amount: true } }),
  ]);
  const paidOf = new Map(sums.map((sum) => [sum.instalmentId, money(sum._sum.amount?.toString() ?? '0')]));
  const positions: PolicyPositions = { live: [], status: new Map(), cancelledPaid: [], negative: [] };
  for (const row of instalments) {
    const amount = money(row.amount.toString());
    const paid = paidOf.get(row.id) ?? ZERO;
    if (row.status === 'cancelled') {
      if (!paid.isZero()) positions.cancelledPaid.push({ id: row.id, paid });
    } else if (amount.isNegative()) {
      positions.negative.push({ id: row.id, amount });
    } else {
      positions.live.push({ id: row.id, dueDate: isoDay(row.dueDate), sequence: row.sequence, amount, paid });
      positions.status.set(row.id, row.status);
    }
  }
  return positions;
}

/** The policyholder's credit: what the credit account holds for the policy (credits less debits). */
export async function creditBalance(tx: Tx, tenantId: string, policyId: string): Promise<Decimal> {
  const rows = await tx.$queryRaw<{ balance: string }[]>`
    SELECT COALESCE(SUM(l."credit" - l."debit"), 0)::text AS "balance" FROM "JournalLine" l
    JOIN "JournalEntry" e ON e."id" = l."entryId"
    WHERE e."tenantId" = ${tenantId}::uuid AND e."policyId" = ${policyId}::uuid AND l."tenantId" = ${tenantId}::uuid
      AND l."account" = ${ACCOUNTS.credit}`;
  return money(rows[0]?.balance ?? '0');
}

export interface SettleInput {
  tenantId: string;
  policyId: string;
  currency: string;
  journalKind: string;
  description: string;
  /** The caller's own lines (cash against credit), posted in the same entry. */
  lines?: JournalLineInput[];
  /** How the caller's lines change the credit (a payment +, a reversal or refund −). */
  creditDelta?: Decimal;
  /** The payment whose money this is: allocations carry it, and a reversal takes it back first. */
  paymentId?: string;
  /** Written after the entry and before the allocations (which may point at the payment row). */
  beforeAllocations?: (journalEntryId: string) => Promise<void>;
}

export interface Settled {
  journalEntryId: string | null;
  moves: Move[];
  credit: Decimal;
}

export async function settleBalance(tx: Tx, input: SettleInput): Promise<Settled> {
  const { tenantId, policyId } = input;
  const [positions, held] = await Promise.all([policyPositions(tx, tenantId, policyId), creditBalance(tx, tenantId, policyId)]);
  let credit = held.plus(input.creditDelta ?? ZERO);
  let intoCredit = ZERO;
  const moves: Move[] = [];
  // Releases off cancelled instalments are nobody's payment; only what this call sets or takes back is.
  const released = new Set<Move>();

  for (const owedBack of positions.negative) intoCredit = intoCredit.plus(owedBack.amount.negated());
  for (const cancelled of positions.cancelledPaid) {
    const release = { instalmentId: cancelled.id, amount: cancelled.paid.negated() };
    moves.push(release);
    released.add(release);
    intoCredit = intoCredit.plus(cancelled.paid);
  }
  credit = credit.plus(intoCredit);

  let takenBack = ZERO;
  if (credit.isNegative()) {
    const preferred = input.paymentId ? await paidBy(tx, tenantId, policyId, input.paymentId) : new Map<string, Decimal>();
    const back = takeBack(positions.live, credit.negated(), preferred);
    if (!back.missing.isZero()) {
      throw new Conflict(
        `Only ${credit.negated().minus(back.missing).toFixed(2)} ${input.currency} of the ${credit.negated().toFixed(2)} can be taken back: the rest has already been refunded`,
      );
    }
    moves.push(...back.moves);
    takenBack = credit.negated();
    credit = ZERO;
  }

  let applied = ZERO;
  if (credit.greaterThan(0)) {
    const { moves: onto, rest } = allocate(positions.live, credit);
    moves.push(...onto);
    applied = credit.minus(rest);
    credit = rest;
  }

  const lines: JournalLineInput[] = [
    ...(input.lines ?? []),
    // Released and taken-back money leaves the receivable's credit side and is held again.
    { account: ACCOUNTS.receivable, debit: intoCredit.plus(takenBack) },
    { account: ACCOUNTS.credit, credit: intoCredit.plus(takenBack) },
    // Credit set against instalments pays off the receivable.
    { account: ACCOUNTS.credit, debit: applied },
    { account: ACCOUNTS.receivable, credit: applied },
  ];
  const moving = lines.some((line) => !money(line.debit ?? 0).isZero() || !money(line.credit ?? 0).isZero());
  if (!moving) return { journalEntryId: null, moves, credit };

  const journalEntryId = await postJournalEntry(tx, {
    tenantId,
    policyId,
    kind: input.journalKind,
    description: input.description,
    currency: input.currency,
    lines,
  });
  await input.beforeAllocations?.(journalEntryId);
  if (positions.negative.length > 0) {
    await tx.instalment.updateMany({ where: { tenantId, id: { in: positions.negative.map((n) => n.id) } }, data: { status: 'cancelled' } });
  }
  if (moves.length > 0) {
    await tx.allocation.createMany({
      data: moves.map((move) => ({
        tenantId,
        policyId,
        instalmentId: move.instalmentId,
        paymentId: released.has(move) ? null : (input.paymentId ?? null),
        journalEntryId,
        amount: move.amount.toFixed(2),
      })),
    });
  }
  await restatePaid(tx, tenantId, positions, moves);
  return { journalEntryId, moves, credit };
}

/** What one payment put on each instalment, net of what was taken back from it since. */
async function paidBy(tx: Tx, tenantId: string, policyId: string, paymentId: string): Promise<Map<string, Decimal>> {
  const sums = await tx.allocation.groupBy({ by: ['instalmentId'], where: { tenantId, policyId, paymentId }, _sum: { amount: true } });
  return new Map(sums.map((sum) => [sum.instalmentId, money(sum._sum.amount?.toString() ?? '0')]));
}

/** A live instalment is stored `paid` when nothing is owed on it, `open` otherwise. */
async function restatePaid(tx: Tx, tenantId: string, positions: PolicyPositions, moves: readonly Move[]): Promise<void> {
  const change = new Map<string, Decimal>();
  for (const move of moves) change.set(move.instalmentId, (change.get(move.instalmentId) ?? ZERO).plus(move.amount));
  const paid: string[] = [];
  const reopened: string[] = [];
  for (const position of positions.live) {
    const delta = change.get(position.id);
    if (!delta) continue;
    const settled = position.paid.plus(delta).greaterThanOrEqualTo(position.amount);
    const stored = positions.status.get(position.id);
    if (settled && stored !== 'paid') paid.push(position.id);
    if (!settled && stored === 'paid') reopened.push(position.id);
  }
  if (paid.length > 0) await tx.instalment.updateMany({ where: { tenantId, id: { in: paid } }, data: { status: 'paid' } });
  if (reopened.length > 0) await tx.instalment.updateMany({ where: { tenantId, id: { in: reopened } }, data: { status: 'open' } });
}

/**
 * After a change that rewrote the schedule (an MTA's re-spread, a termination's credit note):
 * money paid on cancelled instalments and money owed back become credit, and credit pays the
 * instalments still owed. Nothing is posted when nothing moves.
 */
export async function settleAfterScheduleChange(
  tx: Tx,
  input: { tenantId: string; policyId: string; currency: string; occasion: string },
): Promise<Settled> {
  return settleBalance(tx, {
    ...input,
    journalKind: 'credit',
    description: `Payments and credit set against the instalments after the ${input.occasion}`,
  });
}

/**
 * After a movement is reversed (a withdrawn termination, an MTA voided by an earlier termination):
 * what its negative instalments had put into credit (a return larger than the open instalments)
 * is no longer owed, so it leaves the credit account against the receivable the reversal restored,
 * and those instalments are marked voided by the reversal; then the balance is settled again
 * (money on the instalments the reversal cancelled goes back to credit, credit already refunded
 * reopens paid instalments).
 */
export async function settleAfterReversal(
  tx: Tx,
  input: { tenantId: string; policyId: string; currency: string; reversedInvoiceId: string; reversalInvoiceId: string },
): Promise<Settled> {
  const { tenantId, policyId } = input;
  const settledOwedBack = {
    tenantId,
    policyId,
    invoiceId: input.reversedInvoiceId,
    amount: { lt: 0 },
    status: 'cancelled',
    cancelledByInvoiceId: null,
  };
  const owedBack = await tx.instalment.aggregate({ where: settledOwedBack, _sum: { amount: true } });
  const credited = money(owedBack._sum.amount?.toString() ?? '0').negated();
  if (!credited.isZero()) {
    await tx.instalment.updateMany({ where: settledOwedBack, data: { cancelledByInvoiceId: input.reversalInvoiceId } });
  }
  return settleBalance(tx, {
    tenantId,
    policyId,
    currency: input.currency,
    journalKind: 'credit',
    description: 'Credit and payments set against the instalments after a reversal',
    lines: [
      { account: ACCOUNTS.credit, debit: credited.toFixed(2) },
      { account: ACCOUNTS.receivable, credit: credited.toFixed(2) },
    ],
    creditDelta: credited.negated(),
  });
}
