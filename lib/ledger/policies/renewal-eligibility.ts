import { addDays, addMonths, compareDates, daysBetween, parseIsoDate } from '@/lib/rating/dates';

// When a policy may be renewed (DOMAIN.md §6): from the product's renewal window before expiry
// until expiry, once, never when terminated or expired, and only when the product renews such a
// policy at all (a single trip does not).

export const RENEWAL_BLOCKS = [
  'not-active',
  'not-renewable',
  'already-renewed',
  'renewal-in-progress',
  'window-not-open',
  'expired',
] as const;
export type RenewalBlock = (typeof RENEWAL_BLOCKS)[number];

export interface RenewalFacts {
  policyStatus: string;
  expiry: string;
  renewedById: string | null;
  /** A live (not declined or rejected) renewal quote already exists. */
  openRenewalQuoteId: string | null;
  windowDays: number;
  today: string;
  /** The product's reason why this policy does not renew at all; null when it renews. */
  nonRenewableReason: string | null;
}

export interface RenewalEligibility {
  eligible: boolean;
  block: RenewalBlock | null;
  opensOn: string;
  closesOn: string;
}

export function renewalEligibility(facts: RenewalFacts): RenewalEligibility {
  const opensOn = addDays(facts.expiry, -facts.windowDays);
  const closesOn = addDays(facts.expiry, -1);
  const block: RenewalBlock | null =
    facts.policyStatus !== 'active'
      ? 'not-active'
      : facts.nonRenewableReason !== null
        ? 'not-renewable'
        : facts.renewedById
          ? 'already-renewed'
          : facts.openRenewalQuoteId
            ? 'renewal-in-progress'
            : compareDates(facts.today, facts.expiry) >= 0
              ? 'expired'
              : compareDates(facts.today, opensOn) < 0
                ? 'window-not-open'
                : null;
  return { eligible: block === null, block, opensOn, closesOn };
}

/**
 * The next term: it starts on the old expiry and lasts as long. A term of whole months (a year)
 * stays whole months, so 29 February does not shift the renewal by a day.
 */
export function nextTerm(inception: string, expiry: string): { dateInception: string; dateExpiry: string } {
  const from = parseIsoDate(inception);
  const to = parseIsoDate(expiry);
  if (!from || !to) throw new RangeError(`Not calendar dates: ${inception}, ${expiry}`);
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with no whole month (a term of days) addMonths(inception, 0) is inception, which equals expiry only for an empty term, where both ways give the same dates
  if (months > 0 && addMonths(inception, months) === expiry) return { dateInception: expiry, dateExpiry: addMonths(expiry, months) };
  return { dateInception: expiry, dateExpiry: addDays(expiry, daysBetween(inception, expiry)) };
}
