import { describe, expect, it } from 'vitest';
import type { ValidationFailed } from '@/lib/errors';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import { buildInstalments, instalmentCountFor, instalmentDueDates, splitAmount } from '@/lib/rating/instalments';
import { thrown } from '@/lib/rating/test-support';

// The rating's refusals say what was wrong, word for word: a caller (and the problem answer)
// relies on the message and the pointer, not only on the error's type.

const errorsOf = (data: unknown) => (thrown(() => calculatePremium({ product: 'home', data })) as ValidationFailed).errors;

describe('instalment refusals', () => {
  it('name the count, the deposit, the date and the fee that were wrong', () => {
    expect(() => splitAmount(100, 0)).toThrow('Instalment count must be a whole number from 1 to 12, got 0');
    expect(() => splitAmount(100, 2, 101)).toThrow('Deposit must be 0–100 %, got 101');
    expect(() => instalmentDueDates('2026-02-30', 'monthly', 2)).toThrow('Not a calendar date (YYYY-MM-DD): 2026-02-30');
    expect(() => instalmentCountFor('monthly', 12, '2026-01-01', 'soon')).toThrow('Not calendar dates (YYYY-MM-DD): 2026-01-01, soon');
    expect(() => buildInstalments({ payable: 20, adminFee: 25, plan: 'annual', inceptionDate: '2026-01-01', currency: 'GBP' })).toThrow(
      'Admin fee 25.00 must be between 0 and the payable 20.00',
    );
  });
});

describe('rating refusals point at the field', () => {
  it('no objects, a missing date, an expiry not after inception', () => {
    expect(errorsOf({ policy: { dateInception: '2026-01-01', dateExpiry: '2027-01-01' }, objects: [] })).toEqual([
      { path: '/objects', message: 'needs at least one insured object' },
    ]);
    expect(errorsOf({ policy: { dateInception: '2026-01-01', dateExpiry: '2026-01-01' }, objects: [{}] })).toEqual([
      { path: '/policy/dateExpiry', message: 'must be after the inception date' },
    ]);
    expect(errorsOf({ policy: { dateExpiry: '2027-01-01' }, objects: [{}] })[0]?.path).toBe('/policy/dateInception');
    expect(errorsOf({ policy: { dateInception: '2026-01-01' }, objects: [{}] })[0]?.path).toBe('/policy/dateExpiry');
    expect(errorsOf({ policy: {} })[0]?.path).toBe('/objects');
  });
});
