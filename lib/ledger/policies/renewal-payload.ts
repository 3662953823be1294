import type { QuoteData } from '@/lib/ledger/quotes/quote-record';
import type { ProductDefinition, ProductPayload } from '@/lib/products/types';
import { addDays, ageOn } from '@/lib/rating/dates';
import { nextTerm } from './renewal-eligibility';

// The renewal quote's payload (DOMAIN.md §6): the expiring policy's data, the next term, and the
// facts that change with time moved on by the whole years between the two inceptions (a pet's
// stated age one year older), so the renewal is rated and referred on this year's facts.

export function renewalPayload(product: ProductDefinition, data: QuoteData, term: { inception: string; expiry: string }): ProductPayload {
  // `term.expiry` is where cover ends; the next term starts there and lasts as long. A product that
  // covers its expiry day (a trip's return day) stores the day before the new cover end.
  const next = nextTerm(term.inception, term.expiry);
  const dateExpiry = product.coversExpiryDay?.(data.policy) ? addDays(next.dateExpiry, -1) : next.dateExpiry;
  const payload = { product: product.code, ...data, policy: { ...data.policy, ...next, dateExpiry } } as ProductPayload;
  const years = ageOn(term.inception, next.dateInception);
  const moveFacts = product.renewal?.moveFacts;
  return moveFacts && years > 0 ? moveFacts(payload, years) : payload;
}
