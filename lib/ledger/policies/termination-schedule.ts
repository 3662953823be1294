import { type Decimal, ZERO } from '@/lib/money';
import { compareDates } from '@/lib/rating/dates';
import type { OpenInstalment } from './respread';

// What a termination does to the payment schedule (DOMAIN.md §5). Instalments due before the
// effective date stay due: the customer pays for the time on cover as agreed. The return premium
// is set against the instalments due on or after the effective date, latest first; what is left
// reduces the latest instalments before it; what is left after every open instalment is the
// policyholder's credit. A reduced instalment is cancelled and replaced by one for the rest, so no
// instalment row is ever rewritten.

export interface ScheduleStep {
  dueDate: string;
  before: Decimal;
  after: Decimal;
}

export interface TerminationSettlement {
  /** Open instalments cancelled (wholly taken by the return, or replaced by a reduced one). */
  cancel: string[];
  /** Reduced instalments, and the credit as one negative amount. */
  create: { dueDate: string; amount: Decimal }[];
  /** One step per instalment touched, latest first: what was due and what is due now. */
  steps: ScheduleStep[];
  /** What the open instalments could not take: owed back to the policyholder (zero or positive). */
  credit: Decimal;
}

export function settleTermination(
  open: readonly OpenInstalment[],
  returned: Decimal,
  effectiveDate: string,
  creditDueDate: string,
): TerminationSettlement {
  const latestFirst = [...open].sort((a, b) => compareDates(b.dueDate, a.dueDate));
  const onOrAfter = latestFirst.filter((instalment) => compareDates(instalment.dueDate, effectiveDate) >= 0);
  const before = latestFirst.filter((instalment) => compareDates(instalment.dueDate, effectiveDate) < 0);
  const settlement: TerminationSettlement = { cancel: [], create: [], steps: [], credit: ZERO };
  let left = returned;
  for (const instalment of [...onOrAfter, ...before]) {
    // An amount already owed back (a negative instalment) takes nothing; it stays as it is.
    if (!left.greaterThan(ZERO)) break;
    if (!instalment.amount.greaterThan(ZERO)) continue;
    const taken = instalment.amount.lessThan(left) ? instalment.amount : left;
    const rest = instalment.amount.minus(taken);
    settlement.cancel.push(instalment.id);
    if (rest.greaterThan(ZERO)) settlement.create.push({ dueDate: instalment.dueDate, amount: rest });
    settlement.steps.push({ dueDate: instalment.dueDate, before: instalment.amount, after: rest });
    left = left.minus(taken);
  }
  if (left.greaterThan(ZERO)) {
    settlement.credit = left;
    settlement.create.push({ dueDate: creditDueDate, amount: left.negated() });
  }
  return settlement;
}
