import { describe, expect, it } from 'vitest';
import { HOME_SETTINGS } from './home/settings';
import * as home from './home/tables';
import { PET_SETTINGS } from './pet/settings';
import * as pet from './pet/tables';
import { TRAVEL_SETTINGS } from './travel/settings';
import * as travel from './travel/tables';

// The demo products' commercial settings and rating tables against DOMAIN.md §9 and §5, written
// out here by hand: a changed short-rate band, cooling-off period or factor fails this file.

const SHORT_RATE = [
  { withinMonths: 1, keepPercent: 20 },
  { withinMonths: 3, keepPercent: 40 },
  { withinMonths: 6, keepPercent: 70 },
];
const COMMON = {
  adminFee: 25,
  brokerCommissionRate: 0.15,
  mgaCommissionRate: 0.1,
  monthlySurcharge: 0.03,
  renewalWindowDays: 60,
  coolingOffDays: 14,
  shortRateTable: SHORT_RATE,
  // Overdue after the due date; 30 days' grace; no cancellation for non-payment unless a product asks.
  arrears: { graceDays: 30, cancelForNonPayment: false },
  // Reinstatement within 30 days of the termination date; a quote's price holds 30 days.
  reinstatementDays: 30,
  quoteValidityDays: 30,
};
// Every product takes these reasons for a termination; each adds its own (the list is written out here, not imported).
const COMMON_REASONS = ['customer-request', 'replaced-cover', 'non-payment', 'issued-in-error', 'other'];
const PLANS = { annual: { count: 1 }, quarterly: { count: 4 }, monthly: { count: 12 } };

const factors = (table: Readonly<Record<string, { toFixed(dp: number): string }>>) =>
  Object.fromEntries(Object.entries(table).map(([key, value]) => [key, value.toFixed(2)]));

describe('product settings (DOMAIN.md §9, §5, §6)', () => {
  it('home: GBP, tax GB, refer above 100,000, annual / quarterly / monthly', () => {
    expect(HOME_SETTINGS).toEqual({
      currency: 'GBP',
      taxCountry: 'GB',
      lineOfBusiness: 'property',
      placeOfRisk: 'product-country',
      ...COMMON,
      // Not taken up: the administrative fee is kept.
      cancellationFromInception: { fees: 'retained' },
      authorityLimit: 100_000,
      instalmentPlans: PLANS,
      terminationReasons: [...COMMON_REASONS, 'property-sold', 'moved-abroad'],
    });
  });

  it('pet: GBP, tax GB, no authority limit, annual / quarterly / monthly', () => {
    expect(PET_SETTINGS).toEqual({
      currency: 'GBP',
      taxCountry: 'GB',
      lineOfBusiness: 'pet',
      placeOfRisk: 'residence',
      ...COMMON,
      cancellationFromInception: { fees: 'returned' },
      authorityLimit: null,
      instalmentPlans: PLANS,
      terminationReasons: [...COMMON_REASONS, 'pet-deceased', 'pet-rehomed'],
    });
  });

  it('travel: EUR, tax DE, paid in one go; no cooling-off once under way or under a month', () => {
    expect(TRAVEL_SETTINGS).toEqual({
      currency: 'EUR',
      taxCountry: 'DE',
      lineOfBusiness: 'travel',
      placeOfRisk: 'residence',
      ...COMMON,
      coolingOffExclusions: { onceStarted: true, termShorterThanMonths: 1 },
      cancellationFromInception: { fees: 'returned' },
      authorityLimit: null,
      instalmentPlans: { annual: { count: 1 } },
      terminationReasons: [...COMMON_REASONS, 'trip-cancelled'],
    });
  });
});

describe('home tables', () => {
  it('zone, building, claims and excess factors, base rate and minimum premium', () => {
    expect(factors(home.ZONE_FACTORS)).toEqual({ A: '0.80', B: '0.90', C: '1.00', D: '1.20', E: '1.50' });
    expect(factors(home.BUILDING_FACTORS)).toEqual({ flat: '0.90', terraced: '1.00', 'semi-detached': '1.05', detached: '1.15' });
    expect(home.CLAIMS_FACTORS.map((factor) => factor.toFixed(2))).toEqual(['1.00', '1.25']);
    expect(factors(home.EXCESS_FACTORS)).toEqual({ 100: '1.00', 250: '0.92', 500: '0.85' });
    expect([home.BURGLAR_ALARM_FACTOR, home.APPROVED_LOCKS_FACTOR, home.ACCIDENTAL_DAMAGE_FACTOR].map((f) => f.toFixed(2))).toEqual([
      '0.95',
      '0.95',
      '1.20',
    ]);
    expect(home.BASE_RATE.toString()).toBe('0.0045');
    expect(home.MINIMUM_PREMIUM.toFixed(2)).toBe('75.00');
    expect([home.SUM_INSURED_MIN, home.SUM_INSURED_MAX]).toEqual([5_000, 150_000]);
    expect(home.RISK_ZONES).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(home.BUILDING_TYPES).toEqual(['flat', 'terraced', 'semi-detached', 'detached']);
    expect(home.HOME_EXCESSES).toEqual([100, 250, 500]);
    expect(home.DEFAULT_ZONE).toBe('C');
  });

  it('places postcode areas in zones, an unknown or malformed one in the default zone', () => {
    expect(home.zoneOfPostcode('sw1a 1aa')).toEqual({ area: 'SW', zone: 'E', known: true });
    expect(home.zoneOfPostcode('LS1 4AP')).toEqual({ area: 'LS', zone: 'D', known: true });
    expect(home.zoneOfPostcode('OX1 2JD')).toEqual({ area: 'OX', zone: 'C', known: true });
    expect(home.zoneOfPostcode('EX4 3SR')).toEqual({ area: 'EX', zone: 'B', known: true });
    expect(home.zoneOfPostcode('IV2 3BT')).toEqual({ area: 'IV', zone: 'A', known: true });
    expect(home.zoneOfPostcode('QQ1 1AA')).toEqual({ area: 'QQ', zone: 'C', known: false });
    expect(home.zoneOfPostcode('not a postcode')).toEqual({ area: null, zone: 'C', known: false });
    expect(home.ZONE_BY_AREA.get('E')).toBe('E');
    expect(home.ZONE_BY_AREA.get('ZE')).toBe('A');
  });

  it('parses postcodes with or without the space, in any case', () => {
    expect(home.parsePostcode(' m1  1ae ')).toEqual({ normalized: 'M1 1AE', district: 'M1', area: 'M' });
    expect(home.parsePostcode('EC1A1BB')).toEqual({ normalized: 'EC1A 1BB', district: 'EC1A', area: 'EC' });
    expect(home.parsePostcode('1AA SW1')).toBeNull();
    // Anchored at both ends: a postcode inside longer text is not a postcode.
    expect(home.parsePostcode('1SW1A 1AA')).toBeNull();
    expect(home.parsePostcode('SW1A 1AA extra')).toBeNull();
    expect(home.parsePostcode('')).toBeNull();
  });

  it('flood risk: listed districts high, river areas medium, the rest low', () => {
    expect(home.floodRiskOf('YO', 'YO1')).toBe('high');
    expect(home.floodRiskOf('YO', 'YO31')).toBe('medium');
    expect(home.floodRiskOf('SW', 'SW1A')).toBe('low');
  });
});

describe('pet tables', () => {
  it('base premiums and factors', () => {
    expect(factors(pet.BASE_PREMIUM)).toEqual({ dog: '180.00', cat: '110.00' });
    expect(factors(pet.GROUP_FACTORS)).toEqual({ 1: '1.00', 2: '1.20', 3: '1.45', 4: '1.80' });
    expect(factors(pet.VET_FEE_FACTORS)).toEqual({ 2000: '1.00', 4000: '1.30', 7000: '1.60' });
    expect(factors(pet.EXCESS_FACTORS)).toEqual({ 99: '1.00', 250: '0.85' });
    expect(pet.SPECIES).toEqual(['dog', 'cat']);
    expect(pet.VET_FEE_LIMITS).toEqual([2000, 4000, 7000]);
    expect(pet.PET_EXCESSES).toEqual([99, 250]);
    expect(pet.DEFAULT_GROUP).toBe(2);
  });

  it('age bands 0–3, 4–7, 8–10, over 10 referred at the 8–10 factor', () => {
    const band = (age: number) => {
      const found = pet.petAgeBandOf(age);
      return [found.label, found.factor.toFixed(2), found.refer];
    };
    expect([0, 3, 4, 7, 8, 10, 11].map(band)).toEqual([
      ['0–3', '1.00', false],
      ['0–3', '1.00', false],
      ['4–7', '1.30', false],
      ['4–7', '1.30', false],
      ['8–10', '1.70', false],
      ['8–10', '1.70', false],
      ['over 10', '1.70', true],
    ]);
    expect(pet.REFERRAL_AGE_OVER).toBe(10);
  });
});

describe('travel tables', () => {
  it('daily rate, destinations, winter sports, annual multi-trip days, minimum premium', () => {
    expect(travel.DAILY_RATE.toFixed(2)).toBe('1.20');
    expect(travel.MINIMUM_PREMIUM.toFixed(2)).toBe('15.00');
    expect(travel.ANNUAL_TRIP_DAYS).toBe(45);
    expect(travel.WINTER_SPORTS_FACTOR.toFixed(2)).toBe('1.35');
    expect(factors(travel.DESTINATION_FACTORS)).toEqual({ europe: '1.00', 'worldwide-excluding-usa': '1.60', worldwide: '2.40' });
    expect(travel.DESTINATIONS).toEqual(['europe', 'worldwide-excluding-usa', 'worldwide']);
    expect(travel.TRIP_TYPES).toEqual(['single', 'annual']);
    expect(travel.DESTINATION_LABELS).toEqual({
      europe: 'Europe',
      'worldwide-excluding-usa': 'Worldwide excluding USA',
      worldwide: 'Worldwide',
    });
    expect(travel.DESTINATION_REGIONS).toEqual({
      europe: ['europe'],
      'worldwide-excluding-usa': ['europe', 'rest-of-world'],
      worldwide: ['europe', 'rest-of-world', 'usa'],
    });
  });

  it('age bands ≤17 0.5, 18–39 1.0, 40–64 1.3, 65–74 2.0, 75–79 3.5, 80 or older referred', () => {
    const band = (age: number) => {
      const found = travel.ageBandOf(age);
      return [found.label, found.factor.toFixed(2), found.refer];
    };
    expect([17, 18, 39, 40, 64, 65, 74, 75, 79, 80].map(band)).toEqual([
      ['0–17', '0.50', false],
      ['18–39', '1.00', false],
      ['18–39', '1.00', false],
      ['40–64', '1.30', false],
      ['40–64', '1.30', false],
      ['65–74', '2.00', false],
      ['65–74', '2.00', false],
      ['75–79', '3.50', false],
      ['75–79', '3.50', false],
      ['80+', '3.50', true],
    ]);
    expect(travel.REFERRAL_AGE).toBe(80);
  });

  it('the narrowest destination that covers every country', () => {
    expect(travel.destinationNeeded(['FR', 'DE'])).toBe('europe');
    expect(travel.destinationNeeded(['FR', 'TH'])).toBe('worldwide-excluding-usa');
    expect(travel.destinationNeeded(['FR', 'US'])).toBe('worldwide');
    expect(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'CA', 'GB', 'TR'].map(travel.regionOf)).toEqual([
      'usa',
      'usa',
      'usa',
      'usa',
      'usa',
      'usa',
      'rest-of-world',
      'europe',
      'europe',
    ]);
  });
});

describe('bundled lists', () => {
  it('flood risk: every high district and every medium area', () => {
    const high = 'CA1 CA2 CA3 DN14 DN15 GL19 GL20 HU1 HU2 HU3 HU9 LA9 PE12 PE13 PE14 TA7 TA9 TA10 WR2 YO1 YO8 YO23 SY1 SY3'.split(' ');
    for (const district of high) expect(home.floodRiskOf(district.replace(/\d+$/, ''), district), district).toBe('high');
    const medium = 'CA DN GL HU LN PE TA YO WR SY LA'.split(' ');
    for (const area of medium) expect(home.floodRiskOf(area, `${area}99`), area).toBe('medium');
  });

  it('breeds: every listed dog and cat breed in its group, written any way', () => {
    const dogs: Record<number, string> = {
      1: 'crossbreed|mixed breed|mongrel|border collie|jack russell terrier|jack russell|whippet|greyhound|beagle|miniature schnauzer|shih tzu|west highland white terrier|border terrier|lurcher',
      2: 'labrador retriever|labrador|golden retriever|cocker spaniel|springer spaniel|english springer spaniel|poodle|cockapoo|labradoodle|dachshund|yorkshire terrier|staffordshire bull terrier|chihuahua|siberian husky|shetland sheepdog|boxer',
      3: 'german shepherd|rottweiler|dobermann|doberman|bernese mountain dog|newfoundland|rhodesian ridgeback|shar pei|akita|weimaraner|basset hound|boston terrier',
      4: 'french bulldog|english bulldog|bulldog|british bulldog|pug|cavalier king charles spaniel|great dane|saint bernard|st bernard|mastiff|irish wolfhound|dogue de bordeaux',
    };
    const cats: Record<number, string> = {
      1: 'domestic shorthair|domestic longhair|moggy|crossbreed|mixed breed',
      2: 'siamese|bengal|ragdoll|british shorthair|maine coon|burmese|norwegian forest cat|russian blue|abyssinian',
      3: 'persian|exotic shorthair|sphynx|devon rex|cornish rex|himalayan',
      4: 'scottish fold|munchkin',
    };
    for (const [species, groups] of [
      ['dog', dogs],
      ['cat', cats],
    ] as const) {
      for (const [group, breeds] of Object.entries(groups)) {
        for (const breed of breeds.split('|')) {
          expect(pet.breedGroupOf(species, breed), `${species} ${breed}`).toEqual({ breed, group: Number(group), known: true });
        }
      }
      expect(pet.BREED_GROUPS[species].size).toBe(Object.values(groups).join('|').split('|').length);
    }
    expect(pet.breedGroupOf('dog', '  Cavalier King-Charles  Spaniel ')).toEqual({
      breed: 'cavalier king charles spaniel',
      group: 4,
      known: true,
    });
    expect(pet.breedGroupOf('dog', 'St. Bernard')).toEqual({ breed: 'st bernard', group: 4, known: true });
    expect(pet.breedGroupOf('cat', 'Devon_Rex')).toEqual({ breed: 'devon rex', group: 3, known: true });
    expect(pet.breedGroupOf('cat', 'labrador')).toEqual({ breed: 'labrador', group: 2, known: false });
  });

  it('zones: the number of postcode areas in each zone', () => {
    const counts: Record<string, number> = {};
    for (const zone of home.ZONE_BY_AREA.values()) counts[zone] = (counts[zone] ?? 0) + 1;
    expect(counts).toEqual({ E: 11, D: 30, C: 55, B: 17, A: 8 });
  });
});
