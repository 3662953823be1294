// Travel rated by hand from DOMAIN.md §9 and lib/products/travel/tables.ts: 1.20 per traveller per
// day × age band, summed, × destination, +35 % winter sports, 45 days for annual multi-trip,
// minimum 15; DE tax 19 %, admin fee 25; paid in one go (the annual plan only).
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { ageBandOf } from '@/lib/products/travel/tables';
import { validatePayload } from '@/lib/products/validate';
import { example, rate, thrown } from '@/lib/rating/test-support';

describe('travel: the example payload', () => {
  const payload = example('travel');

  it('is a trip of 15 days of cover in Europe (14–28 Feb, the return day covered) for two travellers aged 45 and 43, starting 30 days after AS_OF', () => {
    expect(payload.policy).toMatchObject({
      dateInception: '2026-02-14',
      dateExpiry: '2026-02-28',
      destination: 'europe',
      tripType: 'single',
    });
  });

  it('rates each traveller, then the destination', () => {
    // 14–28 Feb with the return day covered is 15 days. 1.20 × 15 days × 1.3 (40–64) = 23.40 per
    // traveller; two travellers 46.80; Europe × 1.0.
    const { fields } = rate('travel', payload);
    expect(fields.map((f) => [f.field, f.value, f.factor, f.amount, f.effect])).toEqual([
      ['/objects/0/dateOfBirth', 45, 1.3, 23.4, 'base'],
      ['/objects/1/dateOfBirth', 43, 1.3, 46.8, 'base'],
      ['/policy/destination', 'europe', 1, 46.8, 'factor'],
    ]);
    expect(fields[0]?.label).toBe('Traveller 1, age 45 (band 40–64): 1.20 × 15 days × 1.3');
  });

  it('annual plan: DE tax, admin fee, commissions and one instalment at inception', () => {
    const { data, installments, referrals } = rate('travel', payload);
    expect(data).toEqual({
      periodPremium: 80.69, // 46.80 + 8.89 + 25
      currency: 'EUR',
      net: 46.8,
      tax: 8.89, // 46.80 × 19 % = 8.892
      taxRate: 0.19,
      taxCountry: 'DE',
      taxJurisdiction: 'Germany',
      taxName: { en: 'German insurance tax (Versicherungsteuer)', de: 'Versicherungsteuer' },
      adminFee: 25,
      instalmentSurcharge: 0,
      brokerCommission: 7.02, // 46.80 × 15 %
      brokerCommissionRate: 0.15,
      mgaCommission: 4.68, // 46.80 × 10 %
      mgaCommissionRate: 0.1,
      insurerNet: 35.1, // 46.80 − 7.02 − 4.68
      payable: 80.69,
      paymentPlan: 'annual',
      termDays: 15,
    });
    expect(installments).toEqual([{ sequence: 1, dueDate: '2026-02-14', amount: 80.69, currency: 'EUR', includesAdminFee: true }]);
    expect(referrals).toEqual([]);
  });

  it('tax follows the residence: a UK resident pays IPT at the higher rate for travel; a country without a rate is refused', () => {
    const british = example('travel', (p) => {
      p.customer.address = { line1: '1 High Street', city: 'York', postcode: 'YO1 7HH', country: 'GB' };
    });
    const { data } = rate('travel', british);
    // 46.80 × 20 % = 9.36 (not 19 % DE, not 12 % UK standard)
    expect(data).toMatchObject({ net: 46.8, taxCountry: 'GB', taxRate: 0.2, tax: 9.36, taxJurisdiction: 'United Kingdom' });
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
    ['europe', 46.8],
    ['worldwide-excluding-usa', 74.88], // 46.80 × 1.6
    ['worldwide', 112.32], // 46.80 × 2.4
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
    expect(fields.at(-1)).toMatchObject({ field: '/policy/winterSports', factor: 1.35, amount: 63.18, effect: 'loading' });
    expect(data.net).toBe(63.18); // 46.80 × 1.35
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
    expect(fields[0]?.label).toBe('Traveller 1, age 81 (band 80+, referred): 1.20 × 15 days × 3.5');
    expect(data.net).toBe(63); // 1.20 × 15 × 3.5
    expect(referrals).toEqual([
      {
        rule: 'travel.traveller-age',
        path: '/objects/0/dateOfBirth',
        message: "Traveller 1 is 81 at inception: travellers aged 80 or older need an underwriter's approval",
      },
    ]);
  });
});

describe('travel: the return day is covered (DOMAIN.md §1)', () => {
  const trip = (dateInception: string, dateExpiry: string) =>
    example('travel', (p) => {
      Object.assign(p.policy, { dateInception, dateExpiry });
      p.objects = [{ dateOfBirth: '1990-01-01' }];
    });

  it('a trip 1–14 May is 14 days of cover, rated as such', () => {
    const { data, fields } = rate('travel', trip('2026-05-01', '2026-05-14'));
    // One traveller aged 36 (band 18–39, factor 1.0): 1.20 × 14 = 16.80.
    expect(fields[0]?.label).toBe('Traveller 1, age 36 (band 18–39): 1.20 × 14 days × 1');
    expect(data).toMatchObject({ termDays: 14, net: 16.8 });
  });

  it('a day trip (inception = expiry) is one day of cover and passes the schema’s term rule', () => {
    const payload = trip('2026-05-01', '2026-05-01');
    expect(validatePayload('travel', payload).errors).toEqual([]);
    // 1.20 × 1 = 1.20 < 15: the minimum premium.
    expect(rate('travel', payload).data).toMatchObject({ termDays: 1, net: 15 });
  });

  it('a return before departure is refused; annual multi-trip still ends at the start of its expiry day', () => {
    expect(validatePayload('travel', trip('2026-05-02', '2026-05-01')).errors).toEqual([
      { path: '/policy/dateExpiry', message: 'Expiry date must not be before the inception date' },
    ]);
    const annual = example('travel', (p) => Object.assign(p.policy, { tripType: 'annual', dateExpiry: '2027-02-14' }));
    // 14 Feb 2026 to 14 Feb 2027 is 365 days; the day the year ends is not covered.
    expect(rate('travel', annual).data.termDays).toBe(365);
    expect(validatePayload('travel', { ...annual, policy: { ...annual.policy, dateExpiry: '2026-02-14' } }).errors).toEqual([
      { path: '/policy/dateExpiry', message: 'Expiry date must be after the inception date' },
    ]);
  });
});

describe('travel: minimum premium', () => {
  it('one child on a four-day trip (14–17 Feb, both travel days covered) pays the minimum of 15', () => {
    const payload = example('travel', (p) => {
      p.policy.dateExpiry = '2026-02-17';
      p.objects = [{ dateOfBirth: '2015-06-01' }];
    });
    // 1.20 × 4 × 0.5 = 2.40 < 15.
    const { data, fields } = rate('travel', payload);
    expect(fields.map((f) => [f.field, f.amount, f.effect])).toEqual([
      ['/objects/0/dateOfBirth', 2.4, 'base'],
      ['/policy/destination', 2.4, 'factor'],
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
