// Pet rated by hand from DOMAIN.md §9 and lib/products/pet/tables.ts: 180 a year for a dog, 110
// for a cat × breed group × age band × vet fee limit × excess, pets added up, pro-rated for a
// short term, no minimum premium; GB tax 12 %, admin fee 25, 3 % monthly surcharge.
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { petAgeBandOf } from '@/lib/products/pet/tables';
import { example, firstObject, rate, thrown } from '@/lib/rating/test-support';

describe('pet: the example payload', () => {
  const payload = example('pet');

  it('is one Labrador aged 4, vet fee limit 4,000, a year from 2026-02-01, paid quarterly', () => {
    expect(payload.policy).toEqual({ dateInception: '2026-02-01', dateExpiry: '2027-02-01', paymentPlan: 'quarterly' });
  });

  it('shows each step of the net premium', () => {
    // 180.00 × 1.2 (group 2) = 216.00 × 1.3 (age 4–7) = 280.80 × 1.3 (limit 4,000) = 365.04 × 1.0 (excess 99).
    const { fields } = rate('pet', payload);
    expect(fields.map((f) => [f.field, f.value, f.factor, f.amount, f.effect])).toEqual([
      ['/objects/0/species', 'dog', 1, 180, 'base'],
      ['/objects/0/breed', 'Labrador Retriever', 1.2, 216, 'factor'],
      ['/objects/0/age', 4, 1.3, 280.8, 'factor'],
      ['/objects/0/vetFeeLimit', 4000, 1.3, 365.04, 'loading'],
      ['/objects/0/excess', 99, 1, 365.04, 'factor'],
    ]);
    expect(fields.map((f) => f.label)).toEqual([
      'Pet 1 Biscuit: dog base premium',
      'Breed Labrador Retriever (risk group 2)',
      'Age 4 (band 4–7)',
      'Vet fee limit 4000',
      'Excess 99',
    ]);
  });

  it('quarterly (the example plan): four equal instalments, the fee on the first', () => {
    const { data, installments, referrals } = rate('pet', payload);
    expect(data).toEqual({
      periodPremium: 433.84,
      currency: 'GBP',
      net: 365.04,
      tax: 43.8, // 365.04 × 12 % = 43.8048
      taxRate: 0.12,
      taxCountry: 'GB',
      taxJurisdiction: 'United Kingdom',
      taxName: { en: 'Insurance Premium Tax', de: 'Insurance Premium Tax (britische Versicherungsteuer)' },
      adminFee: 25,
      instalmentSurcharge: 0,
      brokerCommission: 54.76, // 54.756
      brokerCommissionRate: 0.15,
      mgaCommission: 36.5, // 36.504
      mgaCommissionRate: 0.1,
      insurerNet: 273.78,
      payable: 433.84,
      paymentPlan: 'quarterly',
      termDays: 365,
    });
    // (433.84 − 25) ÷ 4 = 102.21 exactly.
    expect(installments.map((i) => [i.sequence, i.dueDate, i.amount, i.includesAdminFee])).toEqual([
      [1, '2026-02-01', 127.21, true],
      [2, '2026-05-01', 102.21, false],
      [3, '2026-08-01', 102.21, false],
      [4, '2026-11-01', 102.21, false],
    ]);
    expect(referrals).toEqual([]);
  });

  it('annual: one payment of 433.84', () => {
    const { data, installments } = rate('pet', payload, 'annual');
    expect(data).toMatchObject({ payable: 433.84, instalmentSurcharge: 0, paymentPlan: 'annual' });
    expect(installments.map((i) => [i.dueDate, i.amount])).toEqual([['2026-02-01', 433.84]]);
  });

  it('monthly: 3 % surcharge on net + tax, twelve instalments', () => {
    // Surcharge (365.04 + 43.80) × 3 % = 12.2652 → 12.27; payable 446.11.
    // (446.11 − 25) ÷ 12 = 35.0925 → 35.09; 0.03 left over → 35.12 + 25 = 60.12.
    const { data, installments } = rate('pet', payload, 'monthly');
    expect(data).toMatchObject({ net: 365.04, tax: 43.8, instalmentSurcharge: 12.27, payable: 446.11, periodPremium: 446.11 });
    expect(installments.map((i) => i.amount)).toEqual([60.12, ...Array<number>(11).fill(35.09)]);
    expect(installments.at(-1)?.dueDate).toBe('2027-01-01');
  });
});

describe('pet: factors', () => {
  it.each([
    [2000, 99, 280.8], // × 1.0 × 1.0
    [4000, 99, 365.04], // × 1.3
    [7000, 99, 449.28], // × 1.6
    [4000, 250, 310.28], // 365.04 × 0.85 = 310.284
    [7000, 250, 381.89], // 449.28 × 0.85 = 381.888
  ])('vet fee limit %s with excess %s → net %s', (vetFeeLimit, excess, net) => {
    expect(
      rate(
        'pet',
        example('pet', (p) => Object.assign(firstObject(p), { vetFeeLimit, excess })),
      ).data.net,
    ).toBe(net);
  });

  it.each([
    [0, '0–3', 1, false],
    [3, '0–3', 1, false],
    [4, '4–7', 1.3, false],
    [7, '4–7', 1.3, false],
    [8, '8–10', 1.7, false],
    [10, '8–10', 1.7, false],
    [11, 'over 10', 1.7, true],
  ])('age %s is band %s (factor %s, referred %s)', (age, label, factor, refer) => {
    const band = petAgeBandOf(age);
    expect([band.label, band.factor.toNumber(), band.refer]).toEqual([label, factor, refer]);
  });

  it('the date of birth wins over the stated age', () => {
    const payload = example('pet', (p) => Object.assign(firstObject(p), { dateOfBirth: '2024-01-01', age: 9 }));
    const { fields } = rate('pet', payload);
    expect(fields[2]).toMatchObject({ field: '/objects/0/dateOfBirth', value: 2, factor: 1, amount: 216 });
  });

  it('an unknown breed is rated in group 2 and says so', () => {
    const { fields } = rate(
      'pet',
      example('pet', (p) => (firstObject(p).breed = 'Xoloitzcuintli')),
    );
    expect(fields[1]).toMatchObject({ factor: 1.2, label: 'Breed Xoloitzcuintli (risk group 2, breed not in table)' });
  });

  it('a pet older than 10 is rated at the 8–10 factor and referred', () => {
    const { data, fields, referrals } = rate(
      'pet',
      example('pet', (p) => (firstObject(p).age = 11)),
    );
    expect(fields[2]).toMatchObject({ label: 'Age 11 (band over 10, referred)', factor: 1.7, amount: 367.2 }); // 216 × 1.7
    expect(data.net).toBe(477.36); // 367.20 × 1.3
    expect(referrals).toEqual([
      {
        rule: 'pet.age',
        path: '/objects/0',
        message: "Pet 1 is 11 years old at inception: pets older than 10 need an underwriter's approval",
      },
    ]);
  });
});

describe('pet: several pets, short terms and no minimum', () => {
  it('adds the pets up and states the total', () => {
    const payload = example('pet', (p) => {
      p.objects.push({ name: 'Mochi', species: 'cat', breed: 'Persian', dateOfBirth: '2016-06-01', excess: 250 });
    });
    // Cat: 110 × 1.45 (group 3) = 159.50 × 1.7 (age 9) = 271.15 × 1.0 (limit 2,000 by default) × 0.85 = 230.4775 → 230.48.
    const { data, fields } = rate('pet', payload, 'annual');
    // Each pet's steps show that pet's own running premium; the last line states the total.
    expect(fields.slice(4).map((f) => [f.field, f.amount])).toEqual([
      ['/objects/0/excess', 365.04],
      ['/objects/1/species', 110],
      ['/objects/1/breed', 159.5],
      ['/objects/1/dateOfBirth', 271.15],
      ['/objects/1/vetFeeLimit', 271.15],
      ['/objects/1/excess', 230.48],
      ['/objects', 595.52],
    ]);
    expect(fields.at(-1)?.label).toBe('Total for 2 pets');
    // Tax 71.4624 → 71.46; broker 89.328 → 89.33; MGA 59.552 → 59.55.
    expect(data).toMatchObject({
      net: 595.52,
      tax: 71.46,
      payable: 691.98,
      brokerCommission: 89.33,
      mgaCommission: 59.55,
      insurerNet: 446.64,
    });
  });

  it('pro-rates a one-month term and has no minimum premium', () => {
    const payload = example('pet', (p) => {
      p.policy.dateExpiry = '2026-03-01';
      Object.assign(firstObject(p), { species: 'cat', breed: 'Moggy', age: 1, vetFeeLimit: 2000, excess: 250 });
    });
    // 110 × 1.0 × 1.0 × 1.0 × 0.85 = 93.50; × 28 ÷ 365 = 7.1726 → 7.17.
    const { data, fields, installments } = rate('pet', payload, 'monthly');
    expect(fields.at(-1)).toMatchObject({ field: 'termDays', value: 28, amount: 7.17 });
    expect(fields.some((f) => f.effect === 'minimum')).toBe(false);
    // Tax 0.8604 → 0.86; surcharge (7.17 + 0.86) × 3 % = 0.2409 → 0.24; one monthly instalment before expiry.
    expect(data).toMatchObject({ net: 7.17, tax: 0.86, instalmentSurcharge: 0.24, payable: 33.27, termDays: 28 });
    expect(installments.map((i) => [i.dueDate, i.amount])).toEqual([['2026-02-01', 33.27]]);
  });
});

describe('pet: data that cannot be rated', () => {
  it('a pet with neither date of birth nor age is refused at the age pointer', () => {
    const error = thrown(() =>
      rate(
        'pet',
        example('pet', (p) => delete firstObject(p).age),
      ),
    );
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual([{ path: '/objects/0/age', message: 'give the date of birth or the age in years' }]);
  });

  it('an unknown species is refused', () => {
    const error = thrown(() =>
      rate(
        'pet',
        example('pet', (p) => (firstObject(p).species = 'rabbit')),
      ),
    );
    expect((error as ValidationFailed).errors).toEqual([{ path: '/objects/0/species', message: 'must be one of dog, cat' }]);
  });
});
