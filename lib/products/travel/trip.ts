// Facts about a trip derived from the payload, shared by enrichment, rating and bind checks.
import { ageOn, daysBetween, isIsoDate } from '@/lib/rating/dates';
import type { JsonObject } from '@/lib/products/types';
import { coverEndOf } from '@/lib/products/term-checks';
import { TRAVEL_DEFAULTS } from '@/lib/products/travel/schema';
import { ANNUAL_TRIP_DAYS, DESTINATIONS, TRIP_TYPES, type Destination, type TripType } from '@/lib/products/travel/tables';

export function tripTypeOf(policy: JsonObject): TripType {
  return TRIP_TYPES.find((t) => t === policy.tripType) ?? TRAVEL_DEFAULTS.tripType;
}

export function destinationOf(policy: JsonObject): Destination | null {
  return DESTINATIONS.find((d) => d === policy.destination) ?? null;
}

/** Days the premium is computed for: the days of cover of a single trip, a flat 45 for annual cover. */
export function ratedDays(tripType: TripType, termDays: number): number {
  return tripType === 'annual' ? ANNUAL_TRIP_DAYS : termDays;
}

/** A single trip's return day is covered (DOMAIN.md §1); an annual multi-trip year ends as any annual policy does. */
export function coversReturnDay(policy: JsonObject): boolean {
  return tripTypeOf(policy) === 'single';
}

/** Days of cover: a trip 1–14 May is 14 days, its return day included. */
export function termDaysOf(policy: JsonObject): number | null {
  const { dateInception, dateExpiry } = policy;
  if (!isIsoDate(dateInception) || !isIsoDate(dateExpiry)) return null;
  return daysBetween(dateInception, coverEndOf({ coversExpiryDay: coversReturnDay }, policy, dateExpiry));
}

/** Age at inception, or null when either date is missing or the traveller is not born yet. */
export function travellerAge(traveller: JsonObject, inception: unknown): number | null {
  const dob = traveller.dateOfBirth;
  if (!isIsoDate(dob) || !isIsoDate(inception)) return null;
  const age = ageOn(dob, inception);
  return age >= 0 ? age : null;
}
