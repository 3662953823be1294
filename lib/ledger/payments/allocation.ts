import { compareDates } from '@/lib/rating/dates';
import { money, ZERO, type Decimal } from '@/lib/money';

// Which instalments money goes to (pure, so the rule is tested without a database). Money is set
// against the oldest instalment still owed first, a part where it does not cover one; money taken
// back (a reversed payment) comes off the latest paid instalment first, and first off what that
// payment itself paid, so a reversal reopens what it paid.

export interface InstalmentPosition {
  id: string;
  dueDate: string;
  sequence: number;
  /** What the instalment asks for (positive). */
  amount: Decimal;
  /** The sum of its allocations so far. */
  paid: Decimal;
}

/** A signed amount onto (positive) or off (negative) one instalment. */
export interface Move {
  instalmentId: string;
  amount: Decimal;
}

/** The bound on one pass over a policy's instalments (a policy has at most a few dozen). */
export const POSITIONS_MAX = 1_000;

const oldestFirst = (a: InstalmentPosition, b: InstalmentPosition) => compareDates(a.dueDate, b.dueDate) || a.sequence - b.sequence;

export function outstandingOf(position: InstalmentPosition): Decimal {
  return position.amount.minus(position.paid);
}

/** Sets `available` against the oldest outstanding instalments; answers the moves and what is left. */
export function allocate(positions: readonly InstalmentPosition[], available: Decimal): { moves: Move[]; rest: Decimal } {
  if (positions.length > POSITIONS_MAX) throw new RangeError(`more than ${POSITIONS_MAX} instalments on one policy`);
  const moves: Move[] = [];
  let rest = money(available);
  for (const position of [...positions].sort(oldestFirst)) {
    if (!rest.greaterThan(0)) break;
    const owed = outstandingOf(position);
    if (!owed.greaterThan(0)) continue;
    const amount = owed.lessThan(rest) ? owed : rest;
    moves.push({ instalmentId: position.id, amount });
    rest = rest.minus(amount);
  }
  return { moves, rest };
}

/**
 * Takes `needed` back off paid instalments, latest first: first off what `preferred` (by
 * instalment) says one payment put there, then off anything paid. Answers the (negative) moves
 * and what could not be taken back.
 */
export function takeBack(
  positions: readonly InstalmentPosition[],
  needed: Decimal,
  preferred: ReadonlyMap<string, Decimal> = new Map(),
): { moves: Move[]; missing: Decimal } {
  if (positions.length > POSITIONS_MAX) throw new RangeError(`more than ${POSITIONS_MAX} instalments on one policy`);
  const latestFirst = [...positions].sort((a, b) => oldestFirst(b, a));
  const taken = new Map<string, Decimal>();
  let missing = money(needed);
  const pass = (limitOf: (position: InstalmentPosition) => Decimal) => {
    for (const position of latestFirst) {
      if (!missing.greaterThan(0)) return;
      const already = taken.get(position.id) ?? ZERO;
      const room = minOf(limitOf(position), position.paid).minus(already);
      if (!room.greaterThan(0)) continue;
      const amount = room.lessThan(missing) ? room : missing;
      taken.set(position.id, already.plus(amount));
      missing = missing.minus(amount);
    }
  };
  pass((position) => preferred.get(position.id) ?? ZERO);
  pass((position) => position.paid);
  const moves = latestFirst.flatMap((position) => {
    const amount = taken.get(position.id);
    return amount ? [{ instalmentId: position.id, amount: amount.negated() }] : [];
  });
  return { moves, missing };
}

function minOf(a: Decimal, b: Decimal): Decimal {
  return a.lessThan(b) ? a : b;
}

export const INSTALMENT_STATES = ['open', 'partially-paid', 'paid', 'overdue', 'cancelled'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

/** Overdue once its due date has passed with anything still owed; paid when nothing is. */
export function instalmentState(position: InstalmentPosition, cancelled: boolean, today: string): InstalmentState {
  if (cancelled) return 'cancelled';
  const owed = outstandingOf(position);
  if (!owed.greaterThan(0)) return 'paid';
  if (compareDates(position.dueDate, today) < 0) return 'overdue';
  return position.paid.isZero() ? 'open' : 'partially-paid';
}

export interface Balance {
  /** Still owed on every live instalment. */
  outstanding: Decimal;
  /** Owed on instalments due today or earlier. */
  dueNow: Decimal;
  /** Owed on instalments whose due date has passed. */
  overdue: Decimal;
}

export function balanceOf(positions: readonly InstalmentPosition[], today: string): Balance {
  let outstanding = ZERO;
  let dueNow = ZERO;
  let overdue = ZERO;
  for (const position of positions) {
    const owed = outstandingOf(position);
    if (!owed.greaterThan(0)) continue;
    outstanding = outstanding.plus(owed);
    if (compareDates(position.dueDate, today) <= 0) dueNow = dueNow.plus(owed);
    if (compareDates(position.dueDate, today) < 0) overdue = overdue.plus(owed);
  }
  return { outstanding, dueNow, overdue };
}

/**
 * Cancellation for non-payment: the first day an instalment still owed has been overdue for the
 * whole grace period (due date + grace days), or null when none has. Off unless the product says so.
 */
export function nonPaymentCancellationDate(
  positions: readonly InstalmentPosition[],
  arrears: { graceDays: number; cancelForNonPayment: boolean },
  today: string,
  addDays: (date: string, days: number) => string,
): string | null {
  if (!arrears.cancelForNonPayment) return null;
  const owed = positions.filter((position) => outstandingOf(position).greaterThan(0)).sort(oldestFirst);
  const first = owed[0];
  if (!first) return null;
  const ends = addDays(first.dueDate, arrears.graceDays);
  return compareDates(ends, today) <= 0 ? ends : null;
}
