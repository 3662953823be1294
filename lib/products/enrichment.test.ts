// Enrichment steps: postcode → risk zone and flood risk (home), destination → region with trip
// days and age bands (travel), breed → risk group (pet). Fallbacks never throw; they warn.
import { describe, expect, it } from 'vitest';
import { NotFound } from '@/lib/errors';
import { enrichmentSteps, enrichmentWarnings, runEnrichment, runEnrichmentStep } from '@/lib/products/enrichment';
import { getProduct } from '@/lib/products/registry';
import type { JsonObject, ProductPayload } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';

const AS_OF = '2026-01-15';

function example(code: string, change?: (payload: ProductPayload) => void): ProductPayload {
  const payload = getProduct(code).example(AS_OF);
  change?.(payload);
  return payload;
}

function withObjects(code: string, objects: JsonObject[]): ProductPayload {
  return example(code, (p) => (p.objects = objects));
}

describe('steps of each product', () => {
  it('home zones synchronously and looks up flood risk in the background', () => {
    expect(enrichmentSteps('home').map((s) => [s.name, s.mode])).toEqual([
      ['riskZone', 'sync'],
      ['floodRisk', 'async'],
    ]);
    expect(enrichmentSteps('home', 'sync').map((s) => s.name)).toEqual(['riskZone']);
    expect(enrichmentSteps('home', 'async').map((s) => s.name)).toEqual(['floodRisk']);
  });

  it('travel and pet have one synchronous step each', () => {
    expect(enrichmentSteps('travel').map((s) => [s.name, s.mode])).toEqual([['trip', 'sync']]);
    expect(enrichmentSteps('pet').map((s) => [s.name, s.mode])).toEqual([['breedRisk', 'sync']]);
    expect(enrichmentSteps('pet', 'async')).toEqual([]);
  });

  it('an unknown step is not found', () => {
    expect(() => runEnrichmentStep('home', 'weather', example('home'))).toThrow(NotFound);
  });

  it('steps never throw on incomplete data', () => {
    for (const code of ['home', 'travel', 'pet']) {
      for (const payload of [{}, { objects: 'x', policy: [] }, { objects: [null, 3, { postcode: 7, breed: 1, dateOfBirth: 'x' }] }]) {
        expect(() => runEnrichment(code, payload, 'all')).not.toThrow();
      }
    }
  });
});

describe('home: postcode → risk zone', () => {
  it('the example postcode LS6 2AB is in zone D', () => {
    expect(runEnrichment('home', example('home'))).toEqual({
      enrichment: { riskZone: { objects: [{ postcode: 'LS6 2AB', area: 'LS', zone: 'D', known: true }], warnings: [] } },
      warnings: [],
    });
  });

  it.each([
    ['IV1 1AA', 'IV', 'A'],
    ['BA1 1AA', 'BA', 'B'],
    ['CB2 1TN', 'CB', 'C'],
    ['LS6 2AB', 'LS', 'D'],
    ['SW1A 1AA', 'SW', 'E'],
    ['sw1a1aa', 'SW', 'E'],
    ['B1 1AA', 'B', 'E'],
  ])('%s: area %s, zone %s', (postcode, area, zone) => {
    const output = runEnrichmentStep('home', 'riskZone', withObjects('home', [{ postcode }]));
    expect(output).toEqual({ objects: [{ postcode, area, zone, known: true }], warnings: [] });
  });

  it('an unknown area falls back to zone C with a warning', () => {
    const { enrichment, warnings } = runEnrichment('home', withObjects('home', [{ postcode: 'ZZ1 1AA' }]));
    expect(enrichment.riskZone?.objects).toEqual([{ postcode: 'ZZ1 1AA', area: 'ZZ', zone: 'C', known: false }]);
    expect(warnings).toEqual([
      { path: '/objects/0/postcode', message: 'Postcode area ZZ is not in the zone table; rated in the default zone C' },
    ]);
  });

  it('a malformed or missing postcode falls back to zone C with a warning', () => {
    const { enrichment, warnings } = runEnrichment('home', withObjects('home', [{ postcode: 'not a postcode' }, {}]));
    expect(enrichment.riskZone?.objects).toEqual([
      { postcode: 'not a postcode', area: null, zone: 'C', known: false },
      { postcode: null, area: null, zone: 'C', known: false },
    ]);
    expect(warnings).toEqual([
      { path: '/objects/0/postcode', message: 'Postcode area (none) is not in the zone table; rated in the default zone C' },
      { path: '/objects/1/postcode', message: 'Postcode area (none) is not in the zone table; rated in the default zone C' },
    ]);
  });
});

describe('home: flood risk of the postcode district', () => {
  it.each([
    ['YO1 7HH', 'YO1', 'high'],
    ['HU5 1AA', 'HU5', 'medium'],
    ['LS6 2AB', 'LS6', 'low'],
  ])('%s: district %s, %s', (postcode, district, floodRisk) => {
    expect(runEnrichmentStep('home', 'floodRisk', withObjects('home', [{ postcode }]))).toEqual({
      objects: [{ postcode, district, floodRisk }],
      warnings: [],
    });
  });

  it('no flood data for an unknown area: unknown, with a warning', () => {
    expect(runEnrichmentStep('home', 'floodRisk', withObjects('home', [{ postcode: 'ZZ1 1AA' }]))).toEqual({
      objects: [{ postcode: 'ZZ1 1AA', district: 'ZZ1', floodRisk: 'unknown' }],
      warnings: [{ path: '/objects/0/postcode', message: 'No flood data for this postcode; an underwriter may ask' }],
    });
  });

  it('running every step collects the warnings of both', () => {
    const { enrichment, warnings } = runEnrichment('home', withObjects('home', [{ postcode: 'ZZ1 1AA' }]), 'all');
    expect(Object.keys(enrichment)).toEqual(['riskZone', 'floodRisk']);
    expect(warnings.map((w) => w.message)).toEqual([
      'Postcode area ZZ is not in the zone table; rated in the default zone C',
      'No flood data for this postcode; an underwriter may ask',
    ]);
  });
});

describe('travel: destination → region, trip days and age bands', () => {
  it('the example: Europe, two European countries, 15 days (14–28 Feb, the return day covered), two travellers aged 40–64', () => {
    expect(runEnrichment('travel', example('travel'))).toEqual({
      enrichment: {
        trip: {
          destination: 'europe',
          region: 'Europe',
          coveredRegions: ['europe'],
          countries: [
            { code: 'FR', region: 'europe' },
            { code: 'IT', region: 'europe' },
          ],
          tripType: 'single',
          termDays: 15,
          ratedDays: 15,
          travellers: [
            { age: 45, band: '40–64' },
            { age: 43, band: '40–64' },
          ],
          warnings: [],
        },
      },
      warnings: [],
    });
  });

  it('countries outside the destination are warned about', () => {
    const payload = example('travel', (p) =>
      Object.assign(p.policy, { destination: 'worldwide-excluding-usa', countries: ['JP', 'US', 'PR', 'CH'] }),
    );
    const { enrichment, warnings } = runEnrichment('travel', payload);
    expect(enrichment.trip).toMatchObject({
      region: 'Worldwide excluding USA',
      coveredRegions: ['europe', 'rest-of-world'],
      countries: [
        { code: 'JP', region: 'rest-of-world' },
        { code: 'US', region: 'usa' },
        { code: 'PR', region: 'usa' },
        { code: 'CH', region: 'europe' },
      ],
    });
    expect(warnings).toEqual([
      { path: '/policy/countries/1', message: 'US is outside the chosen destination Worldwide excluding USA' },
      { path: '/policy/countries/2', message: 'PR is outside the chosen destination Worldwide excluding USA' },
    ]);
  });

  it('worldwide covers every region', () => {
    const payload = example('travel', (p) => Object.assign(p.policy, { destination: 'worldwide', countries: ['US', 'JP'] }));
    expect(runEnrichment('travel', payload).warnings).toEqual([]);
  });

  it('annual multi-trip cover is rated as 45 days', () => {
    const payload = example('travel', (p) => Object.assign(p.policy, { tripType: 'annual', dateExpiry: '2027-02-14' }));
    expect(runEnrichment('travel', payload).enrichment.trip).toMatchObject({ tripType: 'annual', termDays: 365, ratedDays: 45 });
  });

  it('a traveller without a usable date of birth has no band, with a warning; no destination gives no region', () => {
    const payload = example('travel', (p) => {
      delete p.policy.destination;
      p.objects = [{ dateOfBirth: '1950-01-01' }, { firstName: 'Kid' }, { dateOfBirth: '2030-01-01' }];
    });
    const { enrichment, warnings } = runEnrichment('travel', payload);
    expect(enrichment.trip).toMatchObject({
      destination: null,
      region: null,
      coveredRegions: [],
      travellers: [
        { age: 76, band: '75–79' },
        { age: null, band: null },
        { age: null, band: null },
      ],
    });
    expect(warnings).toEqual([
      { path: '/objects/1/dateOfBirth', message: 'No usable date of birth; the age band is unknown' },
      { path: '/objects/2/dateOfBirth', message: 'No usable date of birth; the age band is unknown' },
    ]);
  });
});

describe('pet: breed → risk group', () => {
  it('the example Labrador Retriever is in group 2, aged 4', () => {
    expect(runEnrichment('pet', example('pet'))).toEqual({
      enrichment: {
        breedRisk: {
          objects: [
            { species: 'dog', input: 'Labrador Retriever', breed: 'labrador retriever', group: 2, known: true, age: 4, ageBand: '4–7' },
          ],
          warnings: [],
        },
      },
      warnings: [],
    });
  });

  it.each([
    ['dog', 'Border Collie', 1],
    ['dog', 'german shepherd', 3],
    ['dog', '  Cavalier King-Charles  Spaniel ', 4],
    ['dog', 'French_Bulldog', 4],
    ['cat', 'Moggy', 1],
    ['cat', 'Maine Coon', 2],
    ['cat', 'Persian', 3],
    ['cat', 'Scottish Fold', 4],
  ])('%s %s is group %s', (species, breed, group) => {
    const output = runEnrichmentStep('pet', 'breedRisk', withObjects('pet', [{ species, breed, age: 2 }]));
    expect(output).toMatchObject({ objects: [{ species, input: breed, group, known: true, age: 2, ageBand: '0–3' }], warnings: [] });
  });

  it('an unknown breed, a breed of the other species or no breed falls back to group 2 with a warning', () => {
    const { enrichment, warnings } = runEnrichment(
      'pet',
      withObjects('pet', [
        { species: 'dog', breed: 'Xoloitzcuintli', age: 1 },
        { species: 'cat', breed: 'Labrador', age: 1 },
        { species: 'dog', age: 1 },
      ]),
    );
    expect(enrichment.breedRisk?.objects).toEqual([
      { species: 'dog', input: 'Xoloitzcuintli', breed: 'xoloitzcuintli', group: 2, known: false, age: 1, ageBand: '0–3' },
      { species: 'cat', input: 'Labrador', breed: 'labrador', group: 2, known: false, age: 1, ageBand: '0–3' },
      { species: 'dog', input: null, breed: null, group: 2, known: false, age: 1, ageBand: '0–3' },
    ]);
    expect(warnings).toEqual([
      { path: '/objects/0/breed', message: 'Breed Xoloitzcuintli is not in the breed table; rated in the default group 2' },
      { path: '/objects/1/breed', message: 'Breed Labrador is not in the breed table; rated in the default group 2' },
      { path: '/objects/2/breed', message: 'Breed (none) is not in the breed table; rated in the default group 2' },
    ]);
  });

  it('the age comes from the date of birth at inception when there is one', () => {
    const output = runEnrichmentStep(
      'pet',
      'breedRisk',
      withObjects('pet', [{ species: 'cat', breed: 'Bengal', dateOfBirth: '2015-02-01', age: 1 }]),
    );
    expect(output.objects).toEqual([expect.objectContaining({ age: 11, ageBand: 'over 10' })]);
  });

  it('rating trusts the stored group while species and breed are unchanged, and looks up afresh otherwise', () => {
    const payload = example('pet');
    const stored = {
      breedRisk: { objects: [{ species: 'dog', input: 'Labrador Retriever', breed: 'labrador retriever', group: 4, known: true }] },
    };
    const breedStep = (enrichment: Record<string, unknown>) =>
      calculatePremium({ product: 'pet', data: payload, enrichment }).fields.find((f) => f.field === '/objects/0/breed');
    expect(breedStep(stored)).toMatchObject({ factor: 1.8, label: 'Breed Labrador Retriever (risk group 4)' });
    const stale = { breedRisk: { objects: [{ species: 'dog', input: 'Pug', breed: 'pug', group: 4, known: true }] } };
    expect(breedStep(stale)).toMatchObject({ factor: 1.2, label: 'Breed Labrador Retriever (risk group 2)' });
  });
});

describe('enrichmentWarnings', () => {
  it('collects well-formed warnings from stored results and ignores anything else', () => {
    const stored = {
      riskZone: { warnings: [{ path: '/objects/0/postcode', message: 'm1' }, { path: 1, message: 'bad' }, 'junk'] },
      floodRisk: { warnings: 'not a list' },
      other: null,
      trip: { warnings: [{ path: '/objects/1/dateOfBirth', message: 'm2' }] },
    };
    expect(enrichmentWarnings(stored)).toEqual([
      { path: '/objects/0/postcode', message: 'm1' },
      { path: '/objects/1/dateOfBirth', message: 'm2' },
    ]);
    expect(enrichmentWarnings(null)).toEqual([]);
    expect(enrichmentWarnings([{ warnings: [{ path: '', message: 'x' }] }])).toEqual([]);
  });
});
