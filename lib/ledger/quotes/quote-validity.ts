import { InvalidState } from '@/lib/errors';
import { allowedQuoteActions, type QuoteAction, type QuoteState } from '@/lib/ledger/state-machine';
import { getProduct } from '@/lib/products/registry';

// Quote validity (issue 16): a calculated price holds for the product's number of days from its
// calculation (to the instant, so no time zone is involved). After that bind and issue are
// refused until the quote is recalculated, which renews it. A bound quote past its validity may
// be recalculated too (it is calculated again, and bound again after).

const DAY_MS = 24 * 60 * 60 * 1000;

/** States whose price is on offer and so can expire. */
const PRICED: readonly QuoteState[] = ['calculated', 'bound'];

export interface QuoteValidityFacts {
  status: string;
  calculatedAt: Date | null;
  validityDays: number;
}

/** A quote row's validity facts, its product's period. */
export function validityOf(row: { status: string; calculatedAt: Date | null; productCode: string }): QuoteValidityFacts {
  return { status: row.status, calculatedAt: row.calculatedAt, validityDays: getProduct(row.productCode).settings.quoteValidityDays };
}

/** The instant the price stops being valid; null when the quote has no price on offer. */
export function quoteValidUntil(facts: QuoteValidityFacts): Date | null {
  if (!facts.calculatedAt || !(PRICED as readonly string[]).includes(facts.status)) return null;
  return new Date(facts.calculatedAt.getTime() + facts.validityDays * DAY_MS);
}

export function quoteExpired(facts: QuoteValidityFacts, now: Date): boolean {
  const until = quoteValidUntil(facts);
  return until !== null && now.getTime() > until.getTime();
}

/** What an expired quote may do: recalculate, and what its state allows besides bind and issue. */
export function expiredQuoteActions(state: QuoteState): QuoteAction[] {
  const allowed = allowedQuoteActions(state).filter((action) => action !== 'bind' && action !== 'issue');
  return allowed.includes('calculate') ? allowed : ['calculate', ...allowed];
}

/** 409 naming the expiry and the recalculation when the price is no longer valid. */
export function assertQuoteValid(facts: QuoteValidityFacts & { status: QuoteState }, action: 'bind' | 'issue', now: Date): void {
  const until = quoteValidUntil(facts);
  if (until === null || now.getTime() <= until.getTime()) return;
  throw new InvalidState(
    `Cannot ${action}: the quote's price was valid until ${until.toISOString()} (${facts.validityDays} days from its calculation); recalculate it first`,
    facts.status,
    expiredQuoteActions(facts.status),
  );
}
