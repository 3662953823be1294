// Auto-referral rules: a quote outside the authority is referred with a sentence that says why.
import { describe, expect, it } from 'vitest';
import { getProduct } from '@/lib/products/registry';
import type { ProductPayload } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import type { Referral } from '@/lib/rating/types';

function referrals(code: string, change: (payload: ProductPayload) => void): Referral[] {
  const payload = getProduct(code).example('2026-01-15');
  change(payload);
  return calculatePremium({ product: code, data: payload }).referrals;
}

function object0(payload: ProductPayload): Record<string, unknown> {
  const object = payload.objects[0];
  if (!object) throw new Error('The example has no insured object');
  return object;
}

describe('referral rules', () => {
  it('each product declares its rules with a description', () => {
    expect(getProduct('home').referralRules.map((r) => [r.rule, r.description])).toEqual([
      ['home.sum-insured-above-authority', 'Sum insured above the authority limit'],
      ['home.claims-history', 'Two or more claims in the last five years'],
    ]);
    expect(getProduct('travel').referralRules.map((r) => [r.rule, r.description])).toEqual([
      ['travel.traveller-age', 'A traveller aged 80 or older at inception'],
    ]);
    expect(getProduct('pet').referralRules.map((r) => [r.rule, r.description])).toEqual([
      ['pet.age', 'A pet older than 10 years at inception'],
    ]);
  });

  it('no example is referred', () => {
    for (const code of ['home', 'travel', 'pet']) expect(referrals(code, () => undefined)).toEqual([]);
  });
});

describe('home', () => {
  it('a sum insured above the authority limit of 100,000 is referred', () => {
    expect(referrals('home', (p) => (object0(p).sumInsured = 120_000))).toEqual([
      {
        rule: 'home.sum-insured-above-authority',
        path: '/objects/0/sumInsured',
        message: 'Sum insured 120,000 exceeds the authority limit of 100,000',
      },
    ]);
  });

  it('exactly the limit is within authority', () => {
    expect(referrals('home', (p) => (object0(p).sumInsured = 100_000))).toEqual([]);
    expect(referrals('home', (p) => (object0(p).sumInsured = 100_001))).toHaveLength(1);
  });

  it('two or more claims in five years are referred; one is not', () => {
    expect(referrals('home', (p) => (object0(p).claimsLast5Years = 1))).toEqual([]);
    expect(referrals('home', (p) => (object0(p).claimsLast5Years = 2))).toEqual([
      {
        rule: 'home.claims-history',
        path: '/objects/0/claimsLast5Years',
        message: '2 claims in the last 5 years: an underwriter must review the claims history',
      },
    ]);
  });

  it('both rules fire together, in rule order', () => {
    const both = referrals('home', (p) => Object.assign(object0(p), { sumInsured: 150_000, claimsLast5Years: 4 }));
    expect(both.map((r) => r.rule)).toEqual(['home.sum-insured-above-authority', 'home.claims-history']);
    expect(both.map((r) => r.message)).toEqual([
      'Sum insured 150,000 exceeds the authority limit of 100,000',
      '4 claims in the last 5 years: an underwriter must review the claims history',
    ]);
  });

  it('a product without an authority limit never refers on the sum insured', () => {
    const home = getProduct('home');
    const payload = home.example('2026-01-15');
    object0(payload).sumInsured = 150_000;
    const unlimited = { ...home, settings: { ...home.settings, authorityLimit: null } };
    expect(calculatePremium({ product: unlimited, data: payload }).referrals).toEqual([]);
  });
});

describe('travel', () => {
  it('a traveller who is 80 on the inception day is referred; 79 is not', () => {
    // Inception is 2026-02-14.
    expect(referrals('travel', (p) => (object0(p).dateOfBirth = '1946-02-15'))).toEqual([]);
    expect(referrals('travel', (p) => (p.objects[1] = { dateOfBirth: '1946-02-14' }))).toEqual([
      {
        rule: 'travel.traveller-age',
        path: '/objects/1/dateOfBirth',
        message: "Traveller 2 is 80 at inception: travellers aged 80 or older need an underwriter's approval",
      },
    ]);
  });

  it('each old traveller is named', () => {
    const out = referrals(
      'travel',
      (p) => (p.objects = [{ dateOfBirth: '1940-01-01' }, { dateOfBirth: '1990-01-01' }, { dateOfBirth: '1935-06-30' }]),
    );
    expect(out.map((r) => [r.path, r.message])).toEqual([
      ['/objects/0/dateOfBirth', "Traveller 1 is 86 at inception: travellers aged 80 or older need an underwriter's approval"],
      ['/objects/2/dateOfBirth', "Traveller 3 is 90 at inception: travellers aged 80 or older need an underwriter's approval"],
    ]);
  });
});

describe('pet', () => {
  it('a pet older than 10 at inception is referred; 10 is not', () => {
    expect(referrals('pet', (p) => (object0(p).age = 10))).toEqual([]);
    expect(referrals('pet', (p) => (object0(p).age = 12))).toEqual([
      {
        rule: 'pet.age',
        path: '/objects/0',
        message: "Pet 1 is 12 years old at inception: pets older than 10 need an underwriter's approval",
      },
    ]);
  });

  it('the age at inception comes from the date of birth when given', () => {
    // Inception is 2026-02-01: born 2015-02-02 is 10, born 2015-02-01 is 11.
    expect(referrals('pet', (p) => Object.assign(object0(p), { dateOfBirth: '2015-02-02' }))).toEqual([]);
    expect(referrals('pet', (p) => Object.assign(object0(p), { dateOfBirth: '2015-02-01', age: 3 })).map((r) => r.message)).toEqual([
      "Pet 1 is 11 years old at inception: pets older than 10 need an underwriter's approval",
    ]);
  });
});
