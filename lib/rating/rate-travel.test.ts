// Travel rated by hand from DOMAIN.md §9 and lib/products/travel/tables.ts: 1.20 per traveller per
// day × age band, summed, × destination, +35 % winter sports, 45 days for annual multi-trip,
// minimum 15; DE tax 19 %, admin fee 25; paid in one go (the annual plan only).
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { ageBandOf } from '@/lib/products/travel/tables';
import { example, rate, thrown } from '@/lib/rating/test-support';

describe('travel: the example payload', () => {
  const payload = example('travel');

  it('is a 14-day trip in Europe for two travellers aged 45 and 43, starting 30 days after AS_OF', () => {
    expect(payload.policy).toMatchObject({
      dateInception: '2026-02-14',
      dateExpiry: '2026-02-28',
      destination: 'europe',
      tripType: 'single',
    });
  });

  it('rates each traveller, then the destination', () => {
    // 1.20 × 14 days × 1.3 (40–64) = 21.84 per traveller; two travellers 43.68; Europe × 1.0.
    const { fields } = rate('travel', payload);
    expect(fields.map((f) => [f.field, f.value, f.factor, f.amount, f.effect])).toEqual([
      ['/objects/0/dateOfBirth', 45, 1.3, 21.84, 'base'],
      ['/objects/1/dateOfBirth', 43, 1.3, 43.68, 'base'],
      ['/policy/destination', 'europe', 1, 43.68, 'factor'],
    ]);
    expect(fields[0]?.label).toBe('Traveller 1, age 45 (band 40–64): 1.20 × 14 days × 1.3');
  });

  it('annual plan: DE tax, admin fee, commissions and one instalment at inception', () => {
    const { data, installments, referrals } = rate('travel', payload);
    expect(data).toEqual({
      periodPremium: 76.98,
      currency: 'EUR',
      net: 43.68,
      tax: 8.3, // 43.68 × 19 % = 8.2992
      taxRate: 0.19,
      taxCountry: 'DE',
      taxJurisdiction: 'Germany',
      taxName: { en: 'German insurance tax (Versicherungsteuer)', de: 'Versicherungsteuer' },
      adminFee: 25,
      instalmentSurcharge: 0,
      brokerCommission: 6.55, // 6.552
      brokerCommissionRate: 0.15,
      mgaCommission: 4.37, // 4.368
      mgaCommissionRate: 0.1,
      insurerNet: 32.76,
      payable: 76.98,
      paymentPlan: 'annual',
      termDays: 14,
    });
    expect(installments).toEqual([{ sequence: 1, dueDate: '2026-02-14', amount: 76.98, currency: 'EUR', includesAdminFee: true }]);
    expect(referrals).toEqual([]);
  });

  it('tax follows the residence: a UK resident pays IPT at the higher rate for travel; a country without a rate is refused', () => {
    const british = example('travel', (p) => {
      p.customer.address = { line1: '1 High Street', city: 'York', postcode: 'YO1 7HH', country: 'GB' };
    });
    const { data } = rate('travel', british);
    // 43.68 × 20 % = 8.736 → 8.74 (not 19 % DE, not 12 % UK standard)
    expect(data).toMatchObject({ net: 43.68, taxCountry: 'GB', taxRate: 0.2, tax: 8.74, taxJurisdiction: 'United Kingdom' });
    expect(data.taxName.en).toBe('Insurance Premium Tax (higher rate)');
    const french = example('travel', (p) => {
      p.customer.address = { line1: '1 rue de Rivoli', city: 'Paris', postcode: '75001', country: 'FR' };
    });
    const error = thrown(() => rate('travel', french));
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual([
      { path: '/customer/address/country', message: 'no insurance premium tax is known for FR on 2026-02-14' },
    ]);
  });

  it('offers no instalment plans: quarterly and monthly cannot be rated', () => {
    for (const plan of ['quarterly', 'monthly'] as const) {
      const error = thrown(() => rate('travel', payload, plan));
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).errors).toEqual([{ path: '/policy/paymentPlan', message: `${plan} is not offered for Travel` }]);
    }
  });
});

describe('travel: destination, winter sports and annual multi-trip', () => {
  it.each([
    ['europe', 43.68],
    ['worldwide-excluding-usa', 69.89], // 43.68 × 1.6 = 69.888
    ['worldwide', 104.83], // 43.68 × 2.4 = 104.832
  ])('destination %s → net %s', (destination, net) => {
    expect(
      rate(
        'travel',
        example('travel', (p) => (p.policy.destination = destination)),
      ).data.net,
    ).toBe(net);
  });

  it('winter sports load the premium by 35 %', () => {
    const { data, fields } = rate(
      'travel',
      example('travel', (p) => (p.policy.winterSports = true)),
    );
    expect(fields.at(-1)).toMatchObject({ field: '/policy/winterSports', factor: 1.35, amount: 58.97, effect: 'loading' });
    expect(data.net).toBe(58.97); // 43.68 × 1.35 = 58.968
  });

  it('annual multi-trip cover is priced as 45 days whatever the term; commissions round half-up on a tie', () => {
    const payload = example('travel', (p) => {
      Object.assign(p.policy, {
        tripType: 'annual',
        destination: 'worldwide',
        winterSports: true,
        dateExpiry: '2027-02-14',
        countries: ['US'],
      });
    });
    // 1.20 × 45 × 1.3 = 70.20 per traveller, 140.40; × 2.4 = 336.96; × 1.35 = 454.896 → 454.90.
    const { data, fields } = rate('travel', payload);
    expect(fields[0]?.label).toBe('Traveller 1, age 45 (band 40–64): 1.20 × 45 days (annual multi-trip) × 1.3');
    expect(fields.map((f) => f.amount)).toEqual([70.2, 140.4, 336.96, 454.9]);
    // Tax 86.431 → 86.43; broker 454.90 × 15 % = 68.235 exactly → 68.24; MGA 45.49.
    expect(data).toMatchObject({
      termDays: 365,
      net: 454.9,
      tax: 86.43,
      payable: 566.33,
      brokerCommission: 68.24,
      mgaCommission: 45.49,
      insurerNet: 341.17,
    });
  });
});

describe('travel: age bands', () => {
  it.each([
    [0, '0–17', 0.5, false],
    [17, '0–17', 0.5, false],
    [18, '18–39', 1, false],
    [39, '18–39', 1, false],
    [40, '40–64', 1.3, false],
    [64, '40–64', 1.3, false],
    [65, '65–74', 2, false],
    [74, '65–74', 2, false],
    [75, '75–79', 3.5, false],
    [79, '75–79', 3.5, false],
    [80, '80+', 3.5, true],
    [104, '80+', 3.5, true],
  ])('age %s is band %s (factor %s, referred %s)', (age, label, factor, refer) => {
    const band = ageBandOf(age);
    expect([band.label, band.factor.toNumber(), band.refer]).toEqual([label, factor, refer]);
  });

  it('the age is taken at inception: a birthday on the inception day counts', () => {
    const ages = (dateOfBirth: string) =>
      rate(
        'travel',
        example('travel', (p) => (p.objects = [{ dateOfBirth }])),
      ).fields.map((f) => [f.value, f.factor]);
    expect(ages('1986-02-14')).toEqual([
      [40, 1.3],
      ['europe', 1],
    ]);
    expect(ages('1986-02-15')).toEqual([
      [39, 1],
      ['europe', 1],
    ]);
  });

  it('a traveller of 80 or more is rated at the 75–79 factor and referred', () => {
    const payload = example('travel', (p) => (p.objects = [{ firstName: 'Otto', lastName: 'Alt', dateOfBirth: '1945-01-01' }]));
    const { data, fields, referrals } = rate('travel', payload);
    expect(fields[0]?.label).toBe('Traveller 1, age 81 (band 80+, referred): 1.20 × 14 days × 3.5');
    expect(data.net).toBe(58.8); // 1.20 × 14 × 3.5
    expect(referrals).toEqual([
      {
        rule: 'travel.traveller-age',
        path: '/objects/0/dateOfBirth',
        message: "Traveller 1 is 81 at inception: travellers aged 80 or older need an underwriter's approval",
      },
    ]);
  });
});

describe('travel: minimum premium', () => {
  it('one child on a three-day trip pays the minimum of 15', () => {
    const payload = example('travel', (p) => {
      p.policy.dateExpiry = '2026-02-17';
      p.objects = [{ dateOfBirth: '2015-06-01' }];
    });
    // 1.20 × 3 × 0.5 = 1.80 < 15.
    const { data, fields } = rate('travel', payload);
    expect(fields.map((f) => [f.field, f.amount, f.effect])).toEqual([
      ['/objects/0/dateOfBirth', 1.8, 'base'],
      ['/policy/destination', 1.8, 'factor'],
      ['minimumPremium', 15, 'minimum'],
    ]);
    // Tax 2.85; payable 15 + 2.85 + 25; broker 2.25; MGA 1.50.
    expect(data).toMatchObject({ net: 15, tax: 2.85, payable: 42.85, brokerCommission: 2.25, mgaCommission: 1.5, insurerNet: 11.25 });
  });
});

describe('travel: data that cannot be rated', () => {
  it('a traveller born after inception is refused with the pointer of the date of birth', () => {
    const error = thrown(() =>
      rate(
        'travel',
        example('travel', (p) => (p.objects = [{ dateOfBirth: '2026-03-01' }])),
      ),
    );
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual([
      { path: '/objects/0/dateOfBirth', message: 'must not be after the inception date' },
    ]);
  });

  it('a missing destination is refused', () => {
    const error = thrown(() =>
      rate(
        'travel',
        example('travel', (p) => delete p.policy.destination),
      ),
    );
    expect((error as ValidationFailed).errors).toEqual([
      { path: '/policy/destination', message: 'must be one of europe, worldwide-excluding-usa, worldwide' },
    ]);
  });
});
