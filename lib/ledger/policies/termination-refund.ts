import { money, roundMoney, type Decimal, ZERO } from '@/lib/money';
import type { CoolingOffExclusions, InceptionCancellationFees, ShortRateBand } from '@/lib/products/types';
import { addDays, addMonths, compareDates } from '@/lib/rating/dates';
import { splitCommission } from '@/lib/rating/commission';
import { taxOn } from '@/lib/rating/tax';
import { daysRemainingOf, proRata } from './pro-rata';
import type { PremiumAmounts, PremiumRates } from './premium-parts';

// What a termination gives back (DOMAIN.md §5). Pro-rata returns the net for the days
// remaining plus its tax and keeps the administrative fee; short-rate keeps the product's table
// share of the term net (never less than pro-rata would keep); flat returns everything from
// inception. A termination effective on or before inception is a cancellation from inception
// (not taken up): flat, with the fees returned or kept as the product says. Inside the cooling-off period the customer pays only for the time on cover.
// Nothing returned ever exceeds what the journal shows was charged, part by part.

export const TERMINATION_TYPES = ['pro-rata', 'short-rate', 'flat'] as const;
export type TerminationType = (typeof TERMINATION_TYPES)[number];

export interface TerminationRefundInput {
  type: TerminationType;
  inception: string;
  expiry: string;
  /** Last day of cover is the day before; ignored for flat (cover never started). */
  effectiveDate: string;
  /** The day the termination is asked for (today). */
  requestDate: string;
  /** The current version's term net premium. */
  termNet: Decimal;
  /** Net position of every part on the policy's journal (issue plus adjustments). */
  charged: PremiumAmounts;
  rates: PremiumRates;
  coolingOffDays: number;
  coolingOffExclusions?: CoolingOffExclusions;
  shortRateTable: readonly ShortRateBand[];
  /** What a cancellation from inception does with the fees (product setting). */
  inceptionFees: InceptionCancellationFees;
}

export interface TerminationRefund {
  /** The type asked for, and the one applied (short-rate inside cooling-off is pro-rata). */
  requestedType: TerminationType;
  appliedType: TerminationType;
  coolingOff: boolean;
  /** Effective on or before inception: cover never started (not taken up). */
  fromInception: boolean;
  effectiveDate: string;
  termDays: number;
  daysOnCover: number;
  daysRemaining: number;
  /** Short-rate share of the term net kept, when a band applied. */
  keepPercent: number | null;
  /** The return premium, positive amounts (booked as a credit note). */
  refund: PremiumAmounts;
  /** What stays charged after the refund. */
  kept: PremiumAmounts;
}

/** Inside cooling-off when both the request and the end of cover fall within the period from inception. */
export function inCoolingOff(inception: string, coolingOffDays: number, requestDate: string, effectiveDate: string): boolean {
  const lastDay = addDays(inception, coolingOffDays);
  return compareDates(requestDate, lastDay) <= 0 && compareDates(effectiveDate, lastDay) <= 0;
}

/** The product's exclusions: cover already started when asked, or a term shorter than the minimum. */
export function coolingOffExcluded(
  exclusions: CoolingOffExclusions | undefined,
  term: { inception: string; expiry: string },
  requestDate: string,
): boolean {
  if (!exclusions) return false;
  if (exclusions.onceStarted && compareDates(requestDate, term.inception) >= 0) return true;
  return compareDates(term.expiry, addMonths(term.inception, exclusions.termShorterThanMonths)) < 0;
}

/** The first band (shortest period) that the effective date falls into, or null after the table. */
export function shortRateBand(table: readonly ShortRateBand[], inception: string, effectiveDate: string): ShortRateBand | null {
  const sorted = [...table].sort((a, b) => a.withinMonths - b.withinMonths);
  return sorted.find((band) => compareDates(effectiveDate, addMonths(inception, band.withinMonths)) <= 0) ?? null;
}

export function terminationRefund(input: TerminationRefundInput): TerminationRefund {
  // A flat termination asked for as such is a void from inception (issued by mistake): all back.
  const fromInception = input.type !== 'flat' && compareDates(input.effectiveDate, input.inception) <= 0;
  const coolingOff =
    input.type !== 'flat' &&
    !fromInception &&
    inCoolingOff(input.inception, input.coolingOffDays, input.requestDate, input.effectiveDate) &&
    !coolingOffExcluded(input.coolingOffExclusions, input, input.requestDate);
  // Cooling-off only applies to pro-rata and short-rate: either is charged as pro-rata then.
  const appliedType: TerminationType = fromInception ? 'flat' : coolingOff ? 'pro-rata' : input.type;
  const effectiveDate = appliedType === 'flat' ? input.inception : input.effectiveDate;
  const { termDays, daysRemaining } = daysRemainingOf(input, effectiveDate);
  const base = {
    requestedType: input.type,
    appliedType,
    coolingOff,
    fromInception,
    effectiveDate,
    termDays,
    daysRemaining,
    daysOnCover: termDays - daysRemaining,
  };

  if (appliedType === 'flat') {
    const refund = fromInception && input.inceptionFees === 'retained' ? withoutFees(input.charged) : input.charged;
    return { ...base, keepPercent: null, refund, kept: subtract(input.charged, refund) };
  }
  const proRataNet = proRata(input.termNet, daysRemaining, termDays);
  let refundNet = proRataNet;
  let keepPercent: number | null = null;
  if (appliedType === 'short-rate') {
    const band = shortRateBand(input.shortRateTable, input.inception, effectiveDate);
    if (band) {
      keepPercent = band.keepPercent;
      const keptNet = roundMoney(input.termNet.times(band.keepPercent).div(100));
      refundNet = minOf(proRataNet, input.termNet.minus(keptNet));
    }
  }
  const refund = boundedRefund(refundNet, input.charged, input.rates);
  return { ...base, keepPercent, refund, kept: subtract(input.charged, refund) };
}

/**
 * Splits a refunded net into tax and commissions like a premium, each part between zero and
 * what was charged for it. Commissions are rounded on their own, so in rare cent cases the
 * insurer's share would exceed its charge; the cent then moves to a commission that has room.
 */
export function boundedRefund(netInput: Decimal, charged: PremiumAmounts, rates: PremiumRates): PremiumAmounts {
  const net = clamp(roundMoney(netInput), charged.net);
  const tax = clamp(taxOn(net, money(rates.taxRate)), charged.tax);
  const split = splitCommission(net, rates.brokerRate, rates.mgaRate);
  let broker = clamp(split.brokerCommission, charged.brokerCommission);
  let mga = clamp(split.mgaCommission, charged.mgaCommission);
  let insurer = net.minus(broker).minus(mga);
  const excess = insurer.minus(maxOf(charged.insurerNet, ZERO));
  if (excess.isPositive()) {
    const toBroker = minOf(excess, charged.brokerCommission.minus(broker));
    broker = broker.plus(toBroker);
    mga = mga.plus(minOf(excess.minus(toBroker), charged.mgaCommission.minus(mga)));
    insurer = net.minus(broker).minus(mga);
  }
  return { net, tax, fees: ZERO, brokerCommission: broker, mgaCommission: mga, insurerNet: insurer, payable: net.plus(tax) };
}

/** Everything charged but the fees, which stay with the product. */
function withoutFees(charged: PremiumAmounts): PremiumAmounts {
  return { ...charged, fees: ZERO, payable: charged.payable.minus(charged.fees) };
}

function clamp(value: Decimal, max: Decimal): Decimal {
  return maxOf(ZERO, minOf(value, maxOf(max, ZERO)));
}

function minOf(a: Decimal, b: Decimal): Decimal {
  return a.lessThan(b) ? a : b;
}

function maxOf(a: Decimal, b: Decimal): Decimal {
  return a.greaterThan(b) ? a : b;
}

function subtract(a: PremiumAmounts, b: PremiumAmounts): PremiumAmounts {
  return {
    net: a.net.minus(b.net),
    tax: a.tax.minus(b.tax),
    fees: a.fees.minus(b.fees),
    brokerCommission: a.brokerCommission.minus(b.brokerCommission),
    mgaCommission: a.mgaCommission.minus(b.mgaCommission),
    insurerNet: a.insurerNet.minus(b.insurerNet),
    payable: a.payable.minus(b.payable),
  };
}
