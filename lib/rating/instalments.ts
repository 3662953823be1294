// Instalment plans (DOMAIN.md §3). The part of the payable without the admin fee is divided by
// the count, each instalment is cut down to the cent and the cents left over go to the first
// instalment, which also carries the admin fee; the amounts always add up to the payable.
import { money, roundMoneyDown, toAmount, ZERO, type Decimal, type MoneyInput } from '@/lib/money';
import { addMonthsTo, parseIsoDate } from '@/lib/rating/dates';
import type { Instalment, PaymentPlan } from '@/lib/rating/types';

export const INSTALMENTS_MAX = 12;

/** Months between two due dates of a plan. */
export const PLAN_MONTHS: Readonly<Record<PaymentPlan, number>> = { annual: 12, quarterly: 3, monthly: 1 };

/** Instalments of a full year when the product does not say otherwise. */
export const PLAN_COUNTS: Readonly<Record<PaymentPlan, number>> = { annual: 1, quarterly: 4, monthly: 12 };

function assertCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > INSTALMENTS_MAX) {
    throw new RangeError(`Instalment count must be a whole number from 1 to ${INSTALMENTS_MAX}, got ${count}`);
  }
}

/**
 * Splits `total` into `count` parts that add up to it exactly. With a deposit, the first part
 * is `depositPercent` of the total and the rest is split over the other parts. Every part is
 * cut down to the cent; the cents left over are added to the first part.
 */
export function splitAmount(total: MoneyInput, count: number, depositPercent?: number): Decimal[] {
  assertCount(count);
  const t = money(total);
  if (count === 1) return [t];
  let first = ZERO;
  let rest = t;
  let restCount = count;
  if (depositPercent !== undefined) {
    if (!(depositPercent >= 0 && depositPercent <= 100)) throw new RangeError(`Deposit must be 0–100 %, got ${depositPercent}`);
    first = roundMoneyDown(t.times(depositPercent).div(100));
    rest = t.minus(first);
    restCount = count - 1;
  }
  const each = roundMoneyDown(rest.div(restCount));
  const parts: Decimal[] = new Array<Decimal>(count).fill(each);
  const leftover = t.minus(first).minus(each.times(restCount));
  parts[0] = depositPercent === undefined ? each.plus(leftover) : first.plus(leftover);
  return parts;
}

/** Due dates: the first at inception, then the same day of each following period, clamped to month end. */
export function instalmentDueDates(inceptionDate: string, plan: PaymentPlan, count: number): string[] {
  assertCount(count);
  const anchor = parseIsoDate(inceptionDate);
  if (!anchor) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${inceptionDate}`);
  const step = PLAN_MONTHS[plan];
  const dates: string[] = [];
  for (let k = 0; k < count; k++) dates.push(addMonthsTo(anchor, k * step));
  return dates;
}

/** The plan's count, cut to the due dates that fall before expiry (a 6-month term pays 6 monthly instalments). */
export function instalmentCountFor(plan: PaymentPlan, planCount: number, inceptionDate: string, expiryDate: string): number {
  assertCount(planCount);
  const anchor = parseIsoDate(inceptionDate);
  const expiry = parseIsoDate(expiryDate);
  if (!anchor || !expiry) throw new RangeError(`Not calendar dates (YYYY-MM-DD): ${inceptionDate}, ${expiryDate}`);
  // Compared as (month index, day) so that no date string is built for the count alone. A due
  // date in the expiry's month falls on or after it exactly when the anchor day does: clamping
  // to the month's end (31 → 30 April) never takes it below an expiry day of that month.
  const anchorMonth = anchor.year * 12 + anchor.month - 1;
  const expiryMonth = expiry.year * 12 + expiry.month - 1;
  let count = 0;
  for (let k = 0; k < planCount; k++) {
    const month = anchorMonth + k * PLAN_MONTHS[plan];
    if (month > expiryMonth || (month === expiryMonth && anchor.day >= expiry.day)) break;
    count++;
  }
  return Math.max(1, count);
}

export interface BuildInstalmentsInput {
  payable: MoneyInput;
  adminFee: MoneyInput;
  currency: string;
  inceptionDate: string;
  plan: PaymentPlan;
  /** Defaults to the plan's yearly count (1, 4 or 12). */
  count?: number;
  depositPercent?: number;
}

export function buildInstalments(input: BuildInstalmentsInput): Instalment[] {
  const payable = money(input.payable);
  const adminFee = money(input.adminFee);
  if (adminFee.isNegative() || adminFee.gt(payable)) {
    throw new RangeError(`Admin fee ${adminFee.toFixed(2)} must be between 0 and the payable ${payable.toFixed(2)}`);
  }
  const count = input.count ?? PLAN_COUNTS[input.plan];
  const parts = splitAmount(payable.minus(adminFee), count, input.depositPercent);
  const dates = instalmentDueDates(input.inceptionDate, input.plan, count);
  // Parts after the first are equal; convert that amount to a number once.
  const later = parts[1] ? toAmount(parts[1]) : 0;
  return parts.map((part, i) => ({
    sequence: i + 1,
    dueDate: dates[i] ?? input.inceptionDate,
    amount: i === 0 ? toAmount(part.plus(adminFee)) : later,
    currency: input.currency,
    includesAdminFee: i === 0,
  }));
}
