import { money, roundMoney, type MoneyInput } from '@/lib/money';
import { compareDates, daysBetween } from '@/lib/rating/dates';
import { partsFromNet, type PremiumAmounts, type PremiumRates } from './premium-parts';

// Mid-term adjustment by days (DOMAIN.md §4): (new term net − old term net) × days remaining ÷
// days in term, days remaining counted from the effective date to expiry (the expiry day is not
// covered). Positive is an additional premium, negative a return premium; tax follows the net.

export interface TermDates {
  inception: string;
  expiry: string;
}

export interface MtaAdjustmentInput extends TermDates {
  effectiveDate: string;
  oldNet: MoneyInput;
  newNet: MoneyInput;
  rates: PremiumRates;
}

export interface MtaAdjustment {
  termDays: number;
  daysRemaining: number;
  parts: PremiumAmounts;
}

/** Days from the effective date to expiry; the effective date must lie inside the term. */
export function daysRemainingOf(term: TermDates, effectiveDate: string): { termDays: number; daysRemaining: number } {
  const termDays = daysBetween(term.inception, term.expiry);
  if (termDays <= 0) throw new RangeError(`The term ${term.inception}–${term.expiry} has no days`);
  if (compareDates(effectiveDate, term.inception) < 0 || compareDates(effectiveDate, term.expiry) >= 0) {
    throw new RangeError(`${effectiveDate} is outside the term ${term.inception} to ${term.expiry}`);
  }
  return { termDays, daysRemaining: daysBetween(effectiveDate, term.expiry) };
}

/** The share of a term amount that belongs to the days remaining, rounded to the cent. */
export function proRata(amount: MoneyInput, daysRemaining: number, termDays: number): ReturnType<typeof money> {
  return roundMoney(money(amount).times(daysRemaining).div(termDays));
}

export function mtaAdjustment(input: MtaAdjustmentInput): MtaAdjustment {
  const { termDays, daysRemaining } = daysRemainingOf(input, input.effectiveDate);
  const difference = money(input.newNet).minus(input.oldNet);
  return { termDays, daysRemaining, parts: partsFromNet(proRata(difference, daysRemaining, termDays), input.rates) };
}
