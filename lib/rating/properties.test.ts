// Properties of the whole engine over generated quotes of each product: the money reconciles,
// instalments add up, the same input rates the same, and more cover never costs less.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCentAmount, money, roundMoney } from '@/lib/money';
import { offeredPlans } from '@/lib/products/common/schema-parts';
import { getProduct } from '@/lib/products/registry';
import type { ProductPayload } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import { addDays } from '@/lib/rating/dates';
import { exactSum, example, rate } from '@/lib/rating/test-support';
import type { CalculationResult, PaymentPlan } from '@/lib/rating/types';

const RUNS = 150;
const INCEPTION = '2026-02-01';

const term = fc.integer({ min: 1, max: 540 }).map((days) => ({ dateInception: INCEPTION, dateExpiry: addDays(INCEPTION, days) }));
/** Dates of birth from 1930 to the inception date. */
const dateOfBirth = fc.integer({ min: 0, max: 35_000 }).map((days) => addDays('1930-01-01', Math.min(days, 35_095)));

const homeObject = fc.record({
  postcode: fc.constantFrom('LS6 2AB', 'SW1A 1AA', 'IV1 1AA', 'BA1 1AA', 'CB2 1TN', 'ZZ1 1AA', 'ec1a 1bb'),
  sumInsured: fc.integer({ min: 5_000, max: 150_000 }),
  buildingType: fc.constantFrom('flat', 'terraced', 'semi-detached', 'detached'),
  burglarAlarm: fc.boolean(),
  approvedLocks: fc.boolean(),
  claimsLast5Years: fc.integer({ min: 0, max: 4 }),
  accidentalDamage: fc.boolean(),
  excess: fc.constantFrom(100, 250, 500),
});

const homePayload = fc.record({ term, object: homeObject }).map(({ term: t, object }) =>
  example('home', (p) => {
    Object.assign(p.policy, t);
    p.objects = [object];
  }),
);

const travelPayload = fc
  .record({
    days: fc.integer({ min: 1, max: 180 }),
    destination: fc.constantFrom('europe', 'worldwide-excluding-usa', 'worldwide'),
    tripType: fc.constantFrom('single', 'annual'),
    winterSports: fc.boolean(),
    travellers: fc.array(dateOfBirth, { minLength: 1, maxLength: 10 }),
  })
  .map(({ days, destination, tripType, winterSports, travellers }) =>
    example('travel', (p) => {
      const dateExpiry = tripType === 'annual' ? '2027-02-01' : addDays(INCEPTION, days);
      Object.assign(p.policy, { dateInception: INCEPTION, dateExpiry, destination, tripType, winterSports, countries: [] });
      p.objects = travellers.map((dob) => ({ dateOfBirth: dob }));
    }),
  );

const petObject = fc.record({
  species: fc.constantFrom('dog', 'cat'),
  breed: fc.constantFrom('Labrador Retriever', 'French Bulldog', 'Persian', 'Moggy', 'Scottish Fold', 'Border Collie', 'Unknown Breed'),
  age: fc.integer({ min: 0, max: 14 }),
  vetFeeLimit: fc.constantFrom(2000, 4000, 7000),
  excess: fc.constantFrom(99, 250),
});

const petPayload = fc.record({ term, pets: fc.array(petObject, { minLength: 1, maxLength: 5 }) }).map(({ term: t, pets }) =>
  example('pet', (p) => {
    Object.assign(p.policy, t);
    p.objects = pets;
  }),
);

const PAYLOADS: Record<string, fc.Arbitrary<ProductPayload>> = { home: homePayload, travel: travelPayload, pet: petPayload };

function quote(code: string): fc.Arbitrary<{ payload: ProductPayload; plan: PaymentPlan }> {
  const plans = offeredPlans(getProduct(code).settings);
  return fc.record({ payload: PAYLOADS[code] ?? fc.constant(example(code)), plan: fc.constantFrom(...plans) });
}

function amounts(result: CalculationResult): number[] {
  const d = result.data;
  return [d.net, d.tax, d.adminFee, d.instalmentSurcharge, d.brokerCommission, d.mgaCommission, d.insurerNet, d.payable, d.periodPremium];
}

describe.each(['home', 'travel', 'pet'])('%s: properties of the rating', (code) => {
  const { settings } = getProduct(code);

  it('payable = net + tax + fee + surcharge; insurer + broker + MGA = net; each part by its rule', () => {
    fc.assert(
      fc.property(quote(code), ({ payload, plan }) => {
        const { data } = rate(code, payload, plan);
        expect(amounts({ data, fields: [], installments: [], referrals: [] }).every(isCentAmount)).toBe(true);
        expect(exactSum([data.net, data.tax, data.adminFee, data.instalmentSurcharge]).toNumber()).toBe(data.payable);
        expect(data.periodPremium).toBe(data.payable);
        expect(exactSum([data.insurerNet, data.brokerCommission, data.mgaCommission]).toNumber()).toBe(data.net);
        expect(data.tax).toBe(roundMoney(money(data.net).times(data.taxRate)).toNumber());
        expect(data.brokerCommission).toBe(roundMoney(money(data.net).times(settings.brokerCommissionRate)).toNumber());
        expect(data.mgaCommission).toBe(roundMoney(money(data.net).times(settings.mgaCommissionRate)).toNumber());
        expect(data.adminFee).toBe(settings.adminFee);
        const surcharge = plan === 'monthly' ? roundMoney(exactSum([data.net, data.tax]).times(settings.monthlySurcharge)).toNumber() : 0;
        expect(data.instalmentSurcharge).toBe(surcharge);
        expect(data.net).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('the instalments add up to the payable exactly, due from inception and before expiry', () => {
    fc.assert(
      fc.property(quote(code), ({ payload, plan }) => {
        const { data, installments } = rate(code, payload, plan);
        expect(exactSum(installments.map((i) => i.amount)).toNumber()).toBe(data.payable);
        expect(installments.every((i) => isCentAmount(i.amount) && i.amount >= 0 && i.currency === settings.currency)).toBe(true);
        expect(installments[0]?.dueDate).toBe(payload.policy.dateInception);
        expect(installments.every((i) => i.dueDate < payload.policy.dateExpiry)).toBe(true);
        expect(installments.length).toBeLessThanOrEqual(settings.instalmentPlans[plan]?.count ?? 0);
        expect(installments[0]?.includesAdminFee).toBe(true);
        expect(installments[0]?.amount).toBeGreaterThanOrEqual(data.adminFee);
      }),
      { numRuns: RUNS },
    );
  });

  it('the same input always rates the same, with or without stored enrichment', () => {
    fc.assert(
      fc.property(quote(code), ({ payload, plan }) => {
        const first = rate(code, payload, plan);
        expect(rate(code, structuredClone(payload), plan)).toEqual(first);
        expect(calculatePremium({ product: code, data: structuredClone(payload), plan })).toEqual(first);
      }),
      { numRuns: RUNS },
    );
  });
});

/** Rates two payloads that differ in one cover amount and checks the larger never costs less. */
function expectNotCheaper(code: string, smaller: ProductPayload, larger: ProductPayload, plan: PaymentPlan): void {
  const a = rate(code, smaller, plan).data;
  const b = rate(code, larger, plan).data;
  expect(b.net).toBeGreaterThanOrEqual(a.net);
  expect(b.tax).toBeGreaterThanOrEqual(a.tax);
  expect(b.payable).toBeGreaterThanOrEqual(a.payable);
}

describe('more cover never costs less', () => {
  it('home: a higher sum insured', () => {
    fc.assert(
      fc.property(
        homePayload,
        fc.integer({ min: 5_000, max: 150_000 }),
        fc.integer({ min: 0, max: 145_000 }),
        fc.constantFrom<PaymentPlan>('annual', 'quarterly', 'monthly'),
        (payload, low, extra, plan) => {
          const high = Math.min(low + extra, 150_000);
          const at = (sumInsured: number) => {
            const copy = structuredClone(payload);
            Object.assign(copy.objects[0] ?? {}, { sumInsured });
            return copy;
          };
          expectNotCheaper('home', at(low), at(high), plan);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('pet: a higher vet fee limit (the pet product’s sum insured)', () => {
    fc.assert(
      fc.property(petPayload, fc.constantFrom<PaymentPlan>('annual', 'quarterly', 'monthly'), fc.nat(), (payload, plan, pick) => {
        const index = pick % payload.objects.length;
        const at = (vetFeeLimit: number) => {
          const copy = structuredClone(payload);
          Object.assign(copy.objects[index] ?? {}, { vetFeeLimit });
          return copy;
        };
        expectNotCheaper('pet', at(2000), at(4000), plan);
        expectNotCheaper('pet', at(4000), at(7000), plan);
      }),
      { numRuns: RUNS },
    );
  });

  it('travel: more days of cover (travel has no sum insured; its exposure is days × travellers)', () => {
    fc.assert(
      fc.property(travelPayload, fc.integer({ min: 1, max: 180 }), fc.integer({ min: 0, max: 180 }), (payload, days, extra) => {
        const at = (d: number) => {
          const copy = structuredClone(payload);
          Object.assign(copy.policy, { tripType: 'single', dateExpiry: addDays(INCEPTION, d) });
          return copy;
        };
        expectNotCheaper('travel', at(days), at(days + extra), 'annual');
        const withOneMore = structuredClone(at(days));
        withOneMore.objects.push({ dateOfBirth: '1990-01-01' });
        expectNotCheaper('travel', at(days), withOneMore, 'annual');
      }),
      { numRuns: RUNS },
    );
  });
});
