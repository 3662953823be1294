// Travel renewal: annual multi-trip cover renews for the next year; a single trip is over when
// the trip is, so it has nothing to renew (DOMAIN.md §6).
import type { RenewalRules } from '@/lib/products/types';
import { tripTypeOf } from '@/lib/products/travel/trip';

export const TRAVEL_RENEWAL: RenewalRules = {
  nonRenewableReason: (policy) => (tripTypeOf(policy) === 'single' ? 'A single-trip policy does not renew' : null),
};
