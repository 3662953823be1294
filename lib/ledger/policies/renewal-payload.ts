import type { QuoteData } from '@/lib/ledger/quotes/quote-record';
import type { ProductDefinition, ProductPayload } from '@/lib/products/types';
import { ageOn } from '@/lib/rating/dates';
import { nextTerm } from './renewal-eligibility';

// The renewal quote's payload (DOMAIN.md §6): the expiring policy's data, the next term, and the
// facts that change with time moved on by the whole years between the two inceptions (a pet's
// stated age one year older), so the renewal is rated and referred on this year's facts.

export function renewalPayload(product: ProductDefinition, data: QuoteData, term: { inception: string; expiry: string }): ProductPayload {
  const next = nextTerm(term.inception, term.expiry);
  const payload = { product: product.code, ...data, policy: { ...data.policy, ...next } } as ProductPayload;
  const years = ageOn(term.inception, next.dateInception);
  const moveFacts = product.renewal?.moveFacts;
  return moveFacts && years > 0 ? moveFacts(payload, years) : payload;
}
