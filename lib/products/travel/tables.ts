// Bundled tables of the travel product (DOMAIN.md §9): destination factors, the region of each
// country visited, and the age bands of travellers at inception.
import { money, type Decimal } from '@/lib/money';

export type Destination = 'europe' | 'worldwide-excluding-usa' | 'worldwide';
export type Region = 'europe' | 'rest-of-world' | 'usa';
export type TripType = 'single' | 'annual';

export const DESTINATIONS: readonly Destination[] = ['europe', 'worldwide-excluding-usa', 'worldwide'];
export const TRIP_TYPES: readonly TripType[] = ['single', 'annual'];

export const DAILY_RATE = money('1.20');
export const MINIMUM_PREMIUM = money(15);
/** Annual multi-trip cover is priced as this many days, whatever the number of trips. */
export const ANNUAL_TRIP_DAYS = 45;
export const WINTER_SPORTS_FACTOR = money('1.35');
export const TRAVELLERS_MAX = 10;

export const DESTINATION_FACTORS: Readonly<Record<Destination, Decimal>> = {
  europe: money('1.0'),
  'worldwide-excluding-usa': money('1.6'),
  worldwide: money('2.4'),
};

export const DESTINATION_LABELS: Readonly<Record<Destination, string>> = {
  europe: 'Europe',
  'worldwide-excluding-usa': 'Worldwide excluding USA',
  worldwide: 'Worldwide',
};

/** The regions each destination covers. */
export const DESTINATION_REGIONS: Readonly<Record<Destination, readonly Region[]>> = {
  europe: ['europe'],
  'worldwide-excluding-usa': ['europe', 'rest-of-world'],
  worldwide: ['europe', 'rest-of-world', 'usa'],
};

/** Geographic Europe (ISO 3166-1 alpha-2), including the UK, Switzerland, the Balkans and Turkey. */
const EUROPE = new Set(
  (
    'AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV ' +
    'MC MD ME MK MT NL NO PL PT RO RS SE SI SK SM TR UA VA XK'
  ).split(' '),
);

/** The region of a country code: Europe, the USA (with its territories) or the rest of the world. */
export function regionOf(country: string): Region {
  if (EUROPE.has(country)) return 'europe';
  return country === 'US' || country === 'PR' || country === 'VI' || country === 'GU' || country === 'AS' || country === 'MP'
    ? 'usa'
    : 'rest-of-world';
}

/** The narrowest destination whose cover includes every country listed. */
export function destinationNeeded(countries: readonly string[]): Destination {
  const regions = new Set(countries.map(regionOf));
  if (regions.has('usa')) return 'worldwide';
  return regions.has('rest-of-world') ? 'worldwide-excluding-usa' : 'europe';
}

export interface AgeBand {
  label: string;
  factor: Decimal;
  /** Travellers in this band are referred to an underwriter. */
  refer: boolean;
}

const AGE_BANDS: readonly (AgeBand & { maxAge: number })[] = [
  { maxAge: 17, label: '0–17', factor: money('0.5'), refer: false },
  { maxAge: 39, label: '18–39', factor: money('1.0'), refer: false },
  { maxAge: 64, label: '40–64', factor: money('1.3'), refer: false },
  { maxAge: 74, label: '65–74', factor: money('2.0'), refer: false },
  { maxAge: 79, label: '75–79', factor: money('3.5'), refer: false },
];

/** 80 and over is referred; the 75–79 factor is the price the underwriter is asked to approve. */
const REFERRED_BAND: AgeBand = { label: '80+', factor: money('3.5'), refer: true };
export const REFERRAL_AGE = 80;

export function ageBandOf(age: number): AgeBand {
  return AGE_BANDS.find((band) => age <= band.maxAge) ?? REFERRED_BAND;
}
