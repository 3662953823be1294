// Create payloads against the product JSON Schemas: the examples pass, defaults are filled in,
// and every failure names its field with a JSON pointer and a sentence using the field's title.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { getProduct, productCodes } from '@/lib/products/registry';
import { FIELD_ERRORS_MAX } from '@/lib/products/schema-errors';
import type { ProductPayload } from '@/lib/products/types';
import { assertValidPayload, mandatoryForBind, validatePayload } from '@/lib/products/validate';
import { addDays } from '@/lib/rating/dates';

const AS_OF = '2026-01-15';

function example(code: string, change?: (payload: ProductPayload & Record<string, unknown>) => void): ProductPayload {
  const payload = getProduct(code).example(AS_OF);
  change?.(payload);
  return payload;
}

function object0(payload: ProductPayload): Record<string, unknown> {
  const object = payload.objects[0];
  if (!object) throw new Error('The example has no insured object');
  return object;
}

function errorsOf(code: string, payload: unknown) {
  const result = validatePayload(code, payload);
  expect(result.valid).toBe(false);
  return result.errors;
}

describe.each(productCodes())('%s example', (code) => {
  it('validates against its schema, unchanged', () => {
    const payload = example(code);
    const result = validatePayload(code, payload);
    expect(result).toEqual({ valid: true, value: payload, errors: [] });
  });

  it('validates for any day it is dated from, and can be bound that day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (offset) => {
        const asOf = addDays('2020-01-01', offset);
        const payload = getProduct(code).example(asOf);
        expect(validatePayload(code, payload).errors).toEqual([]);
        expect(mandatoryForBind(code, payload, asOf)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('is refused under another product’s schema', () => {
    const other = productCodes().find((c) => c !== code) ?? code;
    expect(errorsOf(other, example(code))).toContainEqual({ path: '/product', message: `Product must be "${other}"` });
  });
});

describe('defaults', () => {
  it('home: plan annual, no alarm, no locks, no claims, no accidental damage, excess 100', () => {
    const payload = example('home', (p) => {
      delete p.policy.paymentPlan;
      for (const key of ['burglarAlarm', 'approvedLocks', 'claimsLast5Years', 'accidentalDamage', 'excess']) delete object0(p)[key];
    });
    const before = structuredClone(payload);
    const result = validatePayload('home', payload);
    expect(result.valid).toBe(true);
    expect(result.value).toMatchObject({ policy: { paymentPlan: 'annual' } });
    expect(object0(result.value as ProductPayload)).toMatchObject({
      burglarAlarm: false,
      approvedLocks: false,
      claimsLast5Years: 0,
      accidentalDamage: false,
      excess: 100,
    });
    expect(payload).toEqual(before); // defaults go on a copy
  });

  it('travel: a single trip without winter sports', () => {
    const result = validatePayload(
      'travel',
      example('travel', (p) => {
        delete p.policy.tripType;
        delete p.policy.winterSports;
      }),
    );
    expect(result.value).toMatchObject({ policy: { tripType: 'single', winterSports: false, paymentPlan: 'annual' } });
  });

  it('pet: vet fee limit 2,000 and excess 99', () => {
    const result = validatePayload(
      'pet',
      example('pet', (p) => {
        delete object0(p).vetFeeLimit;
        delete object0(p).excess;
      }),
    );
    expect(result.valid).toBe(true);
    expect(object0(result.value as ProductPayload)).toMatchObject({ vetFeeLimit: 2000, excess: 99 });
  });
});

describe('invalid payloads give JSON pointer errors', () => {
  it('home: missing, unknown, mistyped and out-of-list fields', () => {
    const payload = example('home', (p) => {
      const o = object0(p);
      delete o.sumInsured;
      Object.assign(o, { buildingType: 'castle', excess: 300, claimsLast5Years: 1.5, pool: true });
      p.policy.dateInception = '2026-02-30';
      p.customer.email = 'not-an-email';
    });
    expect(errorsOf('home', payload)).toEqual([
      { path: '/policy/dateInception', message: 'Inception date must be a calendar date (YYYY-MM-DD)' },
      { path: '/customer/email', message: 'E-mail must be a valid e-mail address' },
      { path: '/objects/0/sumInsured', message: 'Sum insured (GBP) is required' },
      { path: '/objects/0/pool', message: 'pool is not a field of this product' },
      { path: '/objects/0/buildingType', message: 'Building type must be one of: flat, terraced, semi-detached, detached' },
      { path: '/objects/0/claimsLast5Years', message: 'Claims in the last 5 years must be a whole number' },
      { path: '/objects/0/excess', message: 'Excess (GBP) must be one of: 100, 250, 500' },
    ]);
  });

  it('home: bounds and patterns', () => {
    const payload = example('home', (p) => Object.assign(object0(p), { sumInsured: 200_000, postcode: 'LS62AB!!' }));
    expect(errorsOf('home', payload)).toEqual([
      { path: '/objects/0/postcode', message: 'Postcode of the insured home has an invalid format (for example LS1 4AP)' },
      { path: '/objects/0/sumInsured', message: 'Sum insured (GBP) must be at most 150,000' },
    ]);
    expect(
      errorsOf(
        'home',
        example('home', (p) => (object0(p).sumInsured = 4_999)),
      ),
    ).toEqual([{ path: '/objects/0/sumInsured', message: 'Sum insured (GBP) must be at least 5,000' }]);
    expect(
      errorsOf(
        'home',
        example('home', (p) => p.objects.push({ ...object0(p) })),
      ),
    ).toEqual([{ path: '/objects', message: 'Insured home allows at most one entry' }]);
  });

  it('the term: expiry after inception and at most 18 months', () => {
    expect(
      errorsOf(
        'home',
        example('home', (p) => (p.policy.dateExpiry = '2026-01-01')),
      ),
    ).toEqual([{ path: '/policy/dateExpiry', message: 'Expiry date must be after the inception date' }]);
    expect(
      errorsOf(
        'home',
        example('home', (p) => (p.policy.dateExpiry = '2027-08-02')),
      ),
    ).toEqual([{ path: '/policy/dateExpiry', message: 'The term may last at most 18 months: expiry no later than 2027-08-01' }]);
    expect(
      validatePayload(
        'home',
        example('home', (p) => (p.policy.dateExpiry = '2027-08-01')),
      ).valid,
    ).toBe(true);
  });

  it('a plan the product does not offer', () => {
    expect(
      errorsOf(
        'travel',
        example('travel', (p) => (p.policy.paymentPlan = 'monthly')),
      ),
    ).toEqual([{ path: '/policy/paymentPlan', message: 'Payment plan must be one of: annual' }]);
  });

  it('pet: neither date of birth nor age is one error naming both choices', () => {
    expect(
      errorsOf(
        'pet',
        example('pet', (p) => delete object0(p).age),
      ),
    ).toEqual([{ path: '/objects/0/dateOfBirth', message: 'Give one of: Date of birth or Age in years' }]);
  });

  it('pet and travel: born after inception', () => {
    expect(
      errorsOf(
        'pet',
        example('pet', (p) => (object0(p).dateOfBirth = '2026-03-01')),
      ),
    ).toEqual([{ path: '/objects/0/dateOfBirth', message: 'Date of birth must not be after the inception date' }]);
    expect(
      errorsOf(
        'travel',
        example('travel', (p) => (object0(p).dateOfBirth = '2026-03-01')),
      ),
    ).toEqual([{ path: '/objects/0/dateOfBirth', message: 'Date of birth must not be after the inception date' }]);
  });

  it('travel: missing destination and no travellers', () => {
    const payload = example('travel', (p) => {
      p.objects = [];
      delete p.policy.destination;
    });
    expect(errorsOf('travel', payload)).toEqual([
      { path: '/policy/destination', message: 'Destination is required' },
      { path: '/objects', message: 'Travellers needs at least one entry' },
    ]);
  });

  it('missing top-level groups and non-objects', () => {
    expect(errorsOf('home', { product: 'home' })).toEqual([
      { path: '/policy', message: 'Policy is required' },
      { path: '/customer', message: 'Policyholder is required' },
      { path: '/objects', message: 'Insured home is required' },
    ]);
    for (const notAnObject of [null, [], 'home', 42]) {
      expect(errorsOf('home', notAnObject)).toEqual([{ path: '', message: 'The payload must be a JSON object' }]);
    }
  });

  it('escapes pointer tokens (RFC 6901)', () => {
    const payload = example('home', (p) => (p.customer['a/b~c'] = 1));
    expect(errorsOf('home', payload)).toEqual([{ path: '/customer/a~1b~0c', message: 'a/b~c is not a field of this product' }]);
  });

  it('caps the number of errors', () => {
    const payload = example('home', (p) => {
      for (let i = 0; i < 300; i++) p.customer[`extra${i}`] = i;
    });
    expect(errorsOf('home', payload)).toHaveLength(FIELD_ERRORS_MAX);
  });

  it('assertValidPayload throws ValidationFailed with the errors, or returns the payload with defaults', () => {
    expect(() => assertValidPayload('home', { product: 'home' })).toThrow(ValidationFailed);
    try {
      assertValidPayload('home', { product: 'home' });
      expect.unreachable('assertValidPayload accepted an incomplete payload');
    } catch (error) {
      expect((error as ValidationFailed).errors.map((e) => e.path)).toEqual(['/policy', '/customer', '/objects']);
    }
    expect(
      assertValidPayload(
        'pet',
        example('pet', (p) => delete object0(p).excess),
      ),
    ).toMatchObject({ objects: [{ excess: 99 }] });
  });
});

describe('mandatoryForBind', () => {
  it('names each missing mandatory field by its title, then the date rules', () => {
    const payload = example('home', (p) => {
      delete p.customer.email;
      delete object0(p).city;
      p.customer.dateOfBirth = '2010-01-01';
    });
    expect(mandatoryForBind('home', payload, '2026-03-01')).toEqual([
      { path: '/customer/email', message: 'E-mail is required before bind' },
      { path: '/objects/0/city', message: 'City of the insured home is required before bind' },
      { path: '/policy/dateInception', message: 'Inception date 2026-02-01 is in the past (today is 2026-03-01)' },
      { path: '/customer/dateOfBirth', message: 'The policyholder must be at least 18 at inception' },
    ]);
  });

  it('expands array patterns to every object and treats blank text as missing', () => {
    const payload = example('travel', (p) => {
      object0(p).firstName = '   ';
      p.objects[1] = { dateOfBirth: '1982-11-23' };
    });
    expect(mandatoryForBind('travel', payload, AS_OF)).toEqual([
      { path: '/objects/0/firstName', message: 'First name is required before bind' },
      { path: '/objects/1/firstName', message: 'First name is required before bind' },
      { path: '/objects/1/lastName', message: 'Last name is required before bind' },
    ]);
  });

  it('travel: annual cover lasts a year and countries lie within the destination', () => {
    const payload = example('travel', (p) => Object.assign(p.policy, { tripType: 'annual', countries: ['US', 'FR'] }));
    expect(mandatoryForBind('travel', payload, AS_OF)).toEqual([
      { path: '/policy/dateExpiry', message: 'Annual multi-trip cover lasts one year: the expiry date must be 2027-02-14' },
      { path: '/policy/countries/0', message: 'US is not covered by the destination Europe' },
    ]);
  });

  it('reports schema errors first, and each path once', () => {
    const payload = example('home', (p) => (p.customer.email = 'nope'));
    expect(mandatoryForBind('home', payload, AS_OF)).toEqual([
      { path: '/customer/email', message: 'E-mail must be a valid e-mail address' },
    ]);
  });
});
