// Home contents rated by hand from DOMAIN.md §9 and lib/products/home/tables.ts: 0.45 % of the
// sum insured, zone, building type, alarm/locks discounts, claims, accidental damage, excess,
// pro-rating for a short term, minimum premium 75; GB tax 12 %, admin fee 25, 3 % monthly surcharge.
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import { AS_OF, example, firstObject, rate, thrown } from '@/lib/rating/test-support';

describe('home: the example payload', () => {
  const payload = example('home');

  it('is dated from AS_OF: a year from the first of next month, paid monthly', () => {
    expect(AS_OF).toBe('2026-01-15');
    expect(payload.policy).toMatchObject({ dateInception: '2026-02-01', dateExpiry: '2027-02-01', paymentPlan: 'monthly' });
  });

  it('shows each step of the net premium', () => {
    // 40,000 × 0.45 % = 180.00; LS (zone D) × 1.2 = 216.00; semi-detached × 1.05 = 226.80;
    // alarm × 0.95 = 215.46; locks × 0.95 = 204.687 → 204.69; no claims × 1.0; excess 250 × 0.92 = 188.3148 → 188.31.
    const { fields, data } = rate('home', payload);
    expect(fields.map((f) => [f.field, f.factor, f.amount, f.effect])).toEqual([
      ['/objects/0/sumInsured', 0.0045, 180, 'base'],
      ['/objects/0/postcode', 1.2, 216, 'factor'],
      ['/objects/0/buildingType', 1.05, 226.8, 'factor'],
      ['/objects/0/burglarAlarm', 0.95, 215.46, 'discount'],
      ['/objects/0/approvedLocks', 0.95, 204.69, 'discount'],
      ['/objects/0/claimsLast5Years', 1, 204.69, 'factor'],
      ['/objects/0/excess', 0.92, 188.31, 'discount'],
    ]);
    expect(fields[1]?.label).toBe('Risk zone D (postcode area LS)');
    expect(data.net).toBe(188.31);
    expect(data.termDays).toBe(365);
  });

  it('monthly (the example plan): tax, fee, 3 % surcharge, commissions and twelve instalments', () => {
    const { data, installments, referrals } = rate('home', payload);
    expect(data).toEqual({
      periodPremium: 242.24,
      currency: 'GBP',
      net: 188.31,
      tax: 22.6, // 188.31 × 12 % = 22.5972
      taxRate: 0.12,
      taxCountry: 'GB',
      taxJurisdiction: 'United Kingdom',
      taxName: { en: 'Insurance Premium Tax', de: 'Insurance Premium Tax (britische Versicherungsteuer)' },
      adminFee: 25,
      instalmentSurcharge: 6.33, // (188.31 + 22.60) × 3 % = 6.3273
      brokerCommission: 28.25, // 188.31 × 15 % = 28.2465
      brokerCommissionRate: 0.15,
      mgaCommission: 18.83, // 188.31 × 10 % = 18.831
      mgaCommissionRate: 0.1,
      insurerNet: 141.23, // 188.31 − 28.25 − 18.83
      payable: 242.24, // 188.31 + 22.60 + 25 + 6.33
      paymentPlan: 'monthly',
      termDays: 365,
    });
    // (242.24 − 25) ÷ 12 = 18.1033 → 18.10; 12 × 18.10 = 217.20, the 0.04 left and the fee go first: 43.14.
    expect(installments.map((i) => i.amount)).toEqual([43.14, ...Array<number>(11).fill(18.1)]);
    expect(installments.map((i) => i.dueDate)).toEqual([
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
    expect(installments.map((i) => i.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(installments.map((i) => i.includesAdminFee)).toEqual([true, ...Array<boolean>(11).fill(false)]);
    expect(installments.every((i) => i.currency === 'GBP')).toBe(true);
    expect(referrals).toEqual([]);
  });

  it('annual: one instalment of net + tax + fee, no surcharge', () => {
    const { data, installments } = rate('home', payload, 'annual');
    expect(data).toMatchObject({ net: 188.31, tax: 22.6, adminFee: 25, instalmentSurcharge: 0, payable: 235.91, periodPremium: 235.91 });
    expect(data.paymentPlan).toBe('annual');
    expect(installments).toEqual([{ sequence: 1, dueDate: '2026-02-01', amount: 235.91, currency: 'GBP', includesAdminFee: true }]);
  });

  it('quarterly: four instalments, the odd cents and the fee on the first, no surcharge', () => {
    // (235.91 − 25) ÷ 4 = 52.7275 → 52.72; 0.03 left over → 52.75 + 25 = 77.75.
    const { data, installments } = rate('home', payload, 'quarterly');
    expect(data).toMatchObject({ instalmentSurcharge: 0, payable: 235.91, paymentPlan: 'quarterly' });
    expect(installments.map((i) => [i.dueDate, i.amount])).toEqual([
      ['2026-02-01', 77.75],
      ['2026-05-01', 52.72],
      ['2026-08-01', 52.72],
      ['2026-11-01', 52.72],
    ]);
  });

  it('the plan on the policy is used when no plan is asked for; the default plan is annual', () => {
    expect(
      rate(
        'home',
        example('home', (p) => (p.policy.paymentPlan = 'quarterly')),
      ).data.paymentPlan,
    ).toBe('quarterly');
    expect(
      rate(
        'home',
        example('home', (p) => delete p.policy.paymentPlan),
      ).data.paymentPlan,
    ).toBe('annual');
  });
});

describe('home: loadings and discounts', () => {
  it('zone E, detached, one claim, accidental damage and the lowest excess load the premium', () => {
    const payload = example('home', (p) => {
      Object.assign(firstObject(p), {
        postcode: 'SW1A 1AA',
        buildingType: 'detached',
        burglarAlarm: false,
        approvedLocks: false,
        claimsLast5Years: 1,
        accidentalDamage: true,
        excess: 100,
      });
    });
    // 180.00 × 1.5 = 270.00 × 1.15 = 310.50 × 1.25 = 388.125 → 388.13 × 1.2 = 465.756 → 465.76 × 1.0.
    const { data, fields, installments } = rate('home', payload, 'annual');
    expect(fields.map((f) => [f.field, f.factor, f.amount, f.effect])).toEqual([
      ['/objects/0/sumInsured', 0.0045, 180, 'base'],
      ['/objects/0/postcode', 1.5, 270, 'factor'],
      ['/objects/0/buildingType', 1.15, 310.5, 'factor'],
      ['/objects/0/claimsLast5Years', 1.25, 388.13, 'loading'],
      ['/objects/0/accidentalDamage', 1.2, 465.76, 'loading'],
      ['/objects/0/excess', 1, 465.76, 'factor'],
    ]);
    expect(fields[3]?.label).toBe('One claim in the last 5 years +25 %');
    // Tax 465.76 × 12 % = 55.8912 → 55.89; broker 69.864 → 69.86; MGA 46.576 → 46.58.
    expect(data).toMatchObject({
      net: 465.76,
      tax: 55.89,
      payable: 546.65,
      brokerCommission: 69.86,
      mgaCommission: 46.58,
      insurerNet: 349.32,
    });
    expect(installments.map((i) => i.amount)).toEqual([546.65]);
  });

  it('each building type and excess uses its own factor', () => {
    const netFor = (buildingType: string, excess: number) =>
      rate(
        'home',
        example('home', (p) => Object.assign(firstObject(p), { buildingType, excess, burglarAlarm: false, approvedLocks: false })),
        'annual',
      ).data.net;
    // 180 × zone D 1.2 = 216.00, then building type, then excess.
    expect(netFor('flat', 100)).toBe(194.4); // 216 × 0.9
    expect(netFor('terraced', 100)).toBe(216);
    expect(netFor('semi-detached', 100)).toBe(226.8);
    expect(netFor('detached', 100)).toBe(248.4);
    expect(netFor('terraced', 250)).toBe(198.72); // 216 × 0.92
    expect(netFor('terraced', 500)).toBe(183.6); // 216 × 0.85
  });

  it('two or more claims keep the one-claim loading and refer the quote', () => {
    const payload = example('home', (p) => (firstObject(p).claimsLast5Years = 3));
    const { data, fields, referrals } = rate('home', payload, 'annual');
    // 204.69 (after locks) × 1.25 = 255.8625 → 255.86 × 0.92 = 235.3912 → 235.39.
    expect(fields.find((f) => f.field === '/objects/0/claimsLast5Years')).toMatchObject({
      factor: 1.25,
      amount: 255.86,
      effect: 'loading',
    });
    expect(fields.find((f) => f.field === '/objects/0/claimsLast5Years')?.label).toBe('3 claims in the last 5 years (referred) +25 %');
    expect(data.net).toBe(235.39);
    expect(referrals).toEqual([
      {
        rule: 'home.claims-history',
        path: '/objects/0/claimsLast5Years',
        message: '3 claims in the last 5 years: an underwriter must review the claims history',
      },
    ]);
  });
});

describe('home: minimum premium and term', () => {
  it('a small sum insured in the lowest zone is lifted to the minimum premium of 75', () => {
    const payload = example('home', (p) => {
      Object.assign(firstObject(p), { sumInsured: 5_000, postcode: 'IV1 1AA', buildingType: 'flat', excess: 500 });
    });
    // 22.50 × 0.8 = 18.00 × 0.9 = 16.20 × 0.95 = 15.39 × 0.95 = 14.6205 → 14.62 × 1.0 × 0.85 = 12.427 → 12.43 < 75.
    const { data, fields, installments } = rate('home', payload, 'annual');
    expect(fields.at(-2)).toMatchObject({ field: '/objects/0/excess', amount: 12.43 });
    expect(fields.at(-1)).toEqual({
      field: 'minimumPremium',
      label: 'Minimum premium 75.00',
      value: 75,
      factor: 1,
      effect: 'minimum',
      amount: 75,
    });
    // Tax 9.00; broker 11.25; MGA 7.50; insurer 56.25.
    expect(data).toMatchObject({ net: 75, tax: 9, payable: 109, brokerCommission: 11.25, mgaCommission: 7.5, insurerNet: 56.25 });
    expect(installments.map((i) => i.amount)).toEqual([109]);
  });

  it('a premium above the minimum shows no minimum step', () => {
    expect(rate('home', example('home')).fields.some((f) => f.effect === 'minimum')).toBe(false);
  });

  it('a six-month term is pro-rated by days of cover ÷ 365 and pays six monthly instalments', () => {
    const payload = example('home', (p) => (p.policy.dateExpiry = '2026-08-01'));
    // 181 days: 188.31 × 181 ÷ 365 = 93.3811 → 93.38. Tax 11.2056 → 11.21. Surcharge (93.38 + 11.21) × 3 % = 3.1377 → 3.14.
    const { data, fields, installments } = rate('home', payload, 'monthly');
    expect(fields.at(-1)).toMatchObject({ field: 'termDays', value: 181, amount: 93.38, effect: 'factor' });
    expect(data).toMatchObject({ termDays: 181, net: 93.38, tax: 11.21, instalmentSurcharge: 3.14, payable: 132.73 });
    // (132.73 − 25) ÷ 6 = 17.955 → 17.95; 0.03 left over → 17.98 + 25 = 42.98.
    expect(installments.map((i) => [i.dueDate, i.amount])).toEqual([
      ['2026-02-01', 42.98],
      ['2026-03-01', 17.95],
      ['2026-04-01', 17.95],
      ['2026-05-01', 17.95],
      ['2026-06-01', 17.95],
      ['2026-07-01', 17.95],
    ]);
  });

  it('a year with 29 February (366 days) costs the same as any other year', () => {
    const leap = example('home', (p) => Object.assign(p.policy, { dateInception: '2027-06-01', dateExpiry: '2028-06-01' }));
    const { data, fields } = rate('home', leap, 'annual');
    expect(data.termDays).toBe(366);
    expect(data.net).toBe(188.31);
    expect(fields.some((f) => f.field === 'termDays')).toBe(false);
  });

  it('a short term is still lifted to the full minimum premium', () => {
    const payload = example('home', (p) => {
      p.policy.dateExpiry = '2026-03-01';
      Object.assign(firstObject(p), { sumInsured: 5_000 });
    });
    expect(rate('home', payload, 'annual').data.net).toBe(75);
  });
});

describe('home: the zone comes from enrichment while it still describes the postcode', () => {
  const payload = example('home');

  it('trusts the stored zone for the same postcode', () => {
    const enrichment = { riskZone: { objects: [{ postcode: 'LS6 2AB', area: 'LS', zone: 'A', known: true }] } };
    const result = rate('home', payload, 'annual');
    const stored = calculate(payload, enrichment);
    expect(stored.fields[1]).toMatchObject({ factor: 0.8, label: 'Risk zone A (postcode area LS)' });
    expect(stored.data.net).toBeLessThan(result.data.net);
  });

  it('looks the zone up afresh when the stored entry is for another postcode or missing', () => {
    const stale = { riskZone: { objects: [{ postcode: 'IV1 1AA', area: 'IV', zone: 'A', known: true }] } };
    expect(calculate(payload, stale).fields[1]).toMatchObject({ factor: 1.2, label: 'Risk zone D (postcode area LS)' });
    expect(calculate(payload, {}).data.net).toBe(188.31);
  });

  it('rates an unknown postcode area in the default zone C', () => {
    const unknown = example('home', (p) => (firstObject(p).postcode = 'ZZ1 1AA'));
    expect(calculate(unknown, {}).fields[1]).toMatchObject({ factor: 1, label: 'Risk zone C (postcode area ZZ)' });
  });
});

describe('home: data that cannot be rated', () => {
  it('names the field with a JSON pointer', () => {
    const noSum = example('home', (p) => delete firstObject(p).sumInsured);
    const error = thrown(() => rate('home', noSum));
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual([{ path: '/objects/0/sumInsured', message: 'must be a number' }]);
  });

  it('refuses an expiry on or before the inception date and a missing object list', () => {
    expect(() =>
      rate(
        'home',
        example('home', (p) => (p.policy.dateExpiry = p.policy.dateInception)),
      ),
    ).toThrow(/\/policy\/dateExpiry/);
    expect(() =>
      rate(
        'home',
        example('home', (p) => (p.objects = [])),
      ),
    ).toThrow(/\/objects/);
  });
});

function calculate(payload: unknown, enrichment: Record<string, unknown>) {
  return calculatePremium({ product: 'home', data: payload, enrichment, plan: 'annual' });
}
