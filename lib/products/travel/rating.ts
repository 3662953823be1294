// Travel net premium (DOMAIN.md §9): per traveller 1.20 a day × the traveller's age band, summed,
// × destination, +35 % for winter sports, at least 15. Days are the days of cover
// (expiry − inception) of a single trip, or a flat 45 for annual multi-trip cover. The per-day
// rate already scales with the term, so travel is never pro-rated.
import { ageOn } from '@/lib/rating/dates';
import { booleanField, dateField, enumField, itemObject, unratable } from '@/lib/products/common/read';
import type { NetRating, RatingContext } from '@/lib/products/types';
import { TRAVEL_DEFAULTS } from '@/lib/products/travel/schema';
import { ratedDays, tripTypeOf } from '@/lib/products/travel/trip';
import {
  ageBandOf,
  DAILY_RATE,
  DESTINATION_FACTORS,
  DESTINATION_LABELS,
  DESTINATIONS,
  MINIMUM_PREMIUM,
  WINTER_SPORTS_FACTOR,
} from '@/lib/products/travel/tables';
import { PremiumSteps } from '@/lib/rating/premium-steps';

export function travellerAgeAt(ctx: RatingContext, index: number): number {
  const base = `/objects/${index}`;
  const age = ageOn(dateField(itemObject(ctx.objects, index, '/objects'), 'dateOfBirth', base), ctx.inception);
  return age >= 0 ? age : unratable(`${base}/dateOfBirth`, 'must not be after the inception date');
}

export function rateTravel(ctx: RatingContext): NetRating {
  const steps = new PremiumSteps();
  const tripType = tripTypeOf(ctx.policy);
  const days = ratedDays(tripType, ctx.termDays);
  const perTraveller = DAILY_RATE.times(days);
  const dayText = tripType === 'annual' ? `${days} days (annual multi-trip)` : `${days} days`;

  for (let i = 0; i < ctx.objects.length; i++) {
    const age = travellerAgeAt(ctx, i);
    const band = ageBandOf(age);
    const referred = band.refer ? ', referred' : '';
    steps.base(
      `/objects/${i}/dateOfBirth`,
      `Traveller ${i + 1}, age ${age} (band ${band.label}${referred}): 1.20 × ${dayText} × ${band.factor.toString()}`,
      age,
      perTraveller.times(band.factor),
      band.factor,
    );
  }

  const destination = enumField(ctx.policy, 'destination', '/policy', DESTINATIONS);
  steps.apply(
    '/policy/destination',
    `Destination ${DESTINATION_LABELS[destination]}`,
    destination,
    DESTINATION_FACTORS[destination],
    'factor',
  );

  if (booleanField(ctx.policy, 'winterSports', '/policy', TRAVEL_DEFAULTS.winterSports)) {
    steps.apply('/policy/winterSports', 'Winter sports +35 %', true, WINTER_SPORTS_FACTOR, 'loading');
  }
  steps.minimum(MINIMUM_PREMIUM);
  return { net: steps.amount, fields: steps.fields };
}
