import { describe, expect, it } from 'vitest';
import type { QuoteData } from '@/lib/ledger/quotes/quote-record';
import { getProduct } from '@/lib/products/registry';
import type { ProductPayload } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import { renewalPayload } from './renewal-payload';

// The renewal quote carries this year's facts (DOMAIN.md §6): a pet given by its stated age is one
// year older at renewal, so its age band and the over-10 referral move with it.

const pet = getProduct('pet');
const home = getProduct('home');

function dataOf(payload: ProductPayload): QuoteData {
  const { product: _product, ...data } = payload;
  return data as QuoteData;
}

function rate(payload: ProductPayload) {
  const enrichment = Object.fromEntries(pet.enrichment.map((step) => [step.name, step.run(payload)]));
  return calculatePremium({ product: pet, data: payload, enrichment, plan: 'annual' });
}

function withStatedAge(age: number): ProductPayload {
  const payload = pet.example('2026-11-23');
  const { dateOfBirth: _dob, ...first } = payload.objects[0]!;
  return { ...payload, objects: [{ ...first, age }] };
}

describe('the renewal payload', () => {
  it('moves the term by a year and a stated pet age by one year', () => {
    const expiring = withStatedAge(7);
    const term = { inception: '2026-12-01', expiry: '2027-12-01' };
    const renewal = renewalPayload(
      pet,
      dataOf({ ...expiring, policy: { ...expiring.policy, dateInception: term.inception, dateExpiry: term.expiry } }),
      term,
    );
    expect(renewal.policy).toMatchObject({ dateInception: '2027-12-01', dateExpiry: '2028-12-01' });
    expect(renewal.objects[0]!.age).toBe(8);
    // Age band 4–7 is 1.3, 8–10 is 1.7: the renewal is rated in the older band.
    const factorOf = (payload: ProductPayload) => rate(payload).fields.find((field) => field.field.endsWith('/age'))?.factor;
    expect(factorOf(expiring)).toBe(1.3);
    expect(factorOf(renewal)).toBe(1.7);
  });

  it('a ten-year-old pet is eleven at renewal and refers to an underwriter', () => {
    const expiring = withStatedAge(10);
    const term = { inception: '2026-12-01', expiry: '2027-12-01' };
    expect(rate(expiring).referrals).toEqual([]);
    const renewal = renewalPayload(pet, dataOf(expiring), term);
    expect(renewal.objects[0]!.age).toBe(11);
    expect(rate(renewal).referrals.map((referral) => referral.rule)).toEqual(['pet.age']);
  });

  it('an age from a date of birth is left to the new inception; a product without rules keeps its data', () => {
    const example = pet.example('2026-11-23');
    const { age: _age, ...first } = example.objects[0]!;
    const expiring = { ...example, objects: [{ ...first, dateOfBirth: '2019-03-01' }] };
    const term = { inception: '2026-12-01', expiry: '2027-12-01' };
    expect(renewalPayload(pet, dataOf(expiring), term).objects).toEqual(expiring.objects);
    const house = home.example('2026-11-23');
    expect(renewalPayload(home, dataOf(house), term).objects).toEqual(house.objects);
  });
});

describe('which policies renew at all', () => {
  const travel = getProduct('travel');
  const reasonFor = (code: string, policy: Record<string, unknown>) => getProduct(code).renewal?.nonRenewableReason?.(policy) ?? null;

  it('a single trip does not renew; annual multi-trip, home and pet do', () => {
    const example = travel.example('2026-11-23');
    expect(example.policy.tripType).toBe('single');
    expect(reasonFor('travel', example.policy)).toBe('A single-trip policy does not renew');
    expect(reasonFor('travel', { ...example.policy, tripType: 'annual' })).toBeNull();
    expect(reasonFor('home', home.example('2026-11-23').policy)).toBeNull();
    expect(reasonFor('pet', pet.example('2026-11-23').policy)).toBeNull();
  });

  it('an annual travel renewal keeps its data and moves only the dates by a year', () => {
    const annual = { ...travel.example('2026-11-23'), policy: { ...travel.example('2026-11-23').policy, tripType: 'annual' } };
    annual.policy.dateExpiry = '2027-12-23';
    annual.policy.dateInception = '2026-12-23';
    const next = renewalPayload(travel, dataOf(annual), { inception: '2026-12-23', expiry: '2027-12-23' });
    expect(next.policy).toMatchObject({ tripType: 'annual', dateInception: '2027-12-23', dateExpiry: '2028-12-23' });
    expect(next.objects).toEqual(annual.objects);
  });
});
