// Money of the later policy life (DOMAIN.md §4–5): the pro-rata premium of a mid-term
// adjustment and the refund of a termination. Amounts are rounded half-up to the cent per part
// and totals are derived from the rounded parts.
import { ValidationFailed } from '@/lib/errors';
import { money, roundMoney, toAmount, ZERO, type Decimal, type MoneyInput } from '@/lib/money';
import type { ShortRateBand } from '@/lib/products/types';
import { addMonths, compareDates, daysBetween } from '@/lib/rating/dates';

function term(
  inceptionDate: string,
  expiryDate: string,
  effectiveDate: string,
): { daysInTerm: number; daysOnCover: number; daysRemaining: number } {
  const daysInTerm = daysBetween(inceptionDate, expiryDate);
  if (daysInTerm <= 0) {
    throw new ValidationFailed('The policy term is empty', [
      { path: '/policy/dateExpiry', message: 'Expiry date must be after the inception date' },
    ]);
  }
  if (compareDates(effectiveDate, inceptionDate) < 0 || compareDates(effectiveDate, expiryDate) > 0) {
    throw new ValidationFailed('The effective date lies outside the policy term', [
      { path: '/effectiveDate', message: `Effective date must be from ${inceptionDate} to ${expiryDate}` },
    ]);
  }
  return { daysInTerm, daysOnCover: daysBetween(inceptionDate, effectiveDate), daysRemaining: daysBetween(effectiveDate, expiryDate) };
}

export interface ProRataAdjustmentInput {
  /** Net premium of the whole term before the change (the annual net for a one-year term). */
  oldAnnualNet: MoneyInput;
  newAnnualNet: MoneyInput;
  effectiveDate: string;
  inceptionDate: string;
  expiryDate: string;
  taxRate: MoneyInput;
}

export interface ProRataAdjustment {
  daysRemaining: number;
  daysInTerm: number;
  /** Positive: additional premium (an invoice). Negative: return premium (a credit). */
  netDelta: number;
  taxDelta: number;
  total: number;
}

/** `(new − old) × days remaining ÷ days in term`, tax following the net. */
export function proRataAdjustment(input: ProRataAdjustmentInput): ProRataAdjustment {
  const { daysInTerm, daysRemaining } = term(input.inceptionDate, input.expiryDate, input.effectiveDate);
  const netDelta = roundMoney(money(input.newAnnualNet).minus(input.oldAnnualNet).times(daysRemaining).div(daysInTerm));
  const taxDelta = roundMoney(netDelta.times(input.taxRate));
  return {
    daysRemaining,
    daysInTerm,
    netDelta: toAmount(netDelta),
    taxDelta: toAmount(taxDelta),
    total: toAmount(netDelta.plus(taxDelta)),
  };
}

export type TerminationType = 'pro-rata' | 'short-rate' | 'flat';

export interface TerminationRefundInput {
  type: TerminationType;
  /** Net premium charged for the term. */
  net: MoneyInput;
  taxRate: MoneyInput;
  inceptionDate: string;
  expiryDate: string;
  /** Ignored for `flat`, which always runs from inception. */
  effectiveDate: string;
  shortRateTable: readonly ShortRateBand[];
  coolingOffDays: number;
  /** Fees charged (admin fee, instalment surcharge): kept, except on a flat cancellation. */
  adminFee?: MoneyInput;
}

export interface TerminationRefund {
  returnNet: number;
  returnTax: number;
  /** Fees given back; only a flat cancellation returns them. */
  returnFee: number;
  feeKept: number;
  total: number;
  /** True when the short-rate table kept more than the time on cover would have. */
  penaltyApplied: boolean;
  /** True when the effective date is inside the cooling-off period. */
  coolingOff: boolean;
  daysOnCover: number;
  daysRemaining: number;
}

/** The share of the net the insurer keeps under the short-rate table; null after the last band. */
function shortRateKept(net: Decimal, table: readonly ShortRateBand[], inceptionDate: string, effectiveDate: string): Decimal | null {
  const bands = [...table].sort((a, b) => a.withinMonths - b.withinMonths);
  const band = bands.find((b) => compareDates(effectiveDate, addMonths(inceptionDate, b.withinMonths)) <= 0);
  return band ? roundMoney(net.times(band.keepPercent).div(100)) : null;
}

/**
 * The refund when a policy ends early (DOMAIN.md §5). Pro-rata returns the unused days; short-rate
 * keeps the table's share (never less than the pro-rata share); inside the cooling-off period
 * (effective no later than inception + coolingOffDays) short-rate falls back to pro-rata; flat
 * returns everything, fees included. Tax follows the returned net.
 */
export function terminationRefund(input: TerminationRefundInput): TerminationRefund {
  const net = money(input.net);
  const fee = money(input.adminFee ?? 0);
  const flat = input.type === 'flat';
  const effective = flat ? input.inceptionDate : input.effectiveDate;
  const { daysInTerm, daysOnCover, daysRemaining } = term(input.inceptionDate, input.expiryDate, effective);
  const coolingOff = daysOnCover <= input.coolingOffDays;

  const proRataKept = net.minus(roundMoney(net.times(daysRemaining).div(daysInTerm)));
  let kept = flat ? ZERO : proRataKept;
  let penaltyApplied = false;
  if (input.type === 'short-rate' && !coolingOff) {
    const tableKept = shortRateKept(net, input.shortRateTable, input.inceptionDate, effective);
    if (tableKept !== null && tableKept.gt(proRataKept)) {
      kept = tableKept;
      penaltyApplied = true;
    }
  }
  const returnNet = net.minus(kept);
  const returnTax = roundMoney(returnNet.times(input.taxRate));
  const returnFee = flat ? fee : ZERO;
  return {
    returnNet: toAmount(returnNet),
    returnTax: toAmount(returnTax),
    returnFee: toAmount(returnFee),
    feeKept: toAmount(fee.minus(returnFee)),
    total: toAmount(returnNet.plus(returnTax).plus(returnFee)),
    penaltyApplied,
    coolingOff,
    daysOnCover,
    daysRemaining,
  };
}
