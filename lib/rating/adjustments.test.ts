// Mid-term adjustments and termination refunds (DOMAIN.md §4–5), worked by hand on a policy from
// 2026-02-01 to 2027-02-01 (365 days) with the demo products' short-rate table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { money, toAmount } from '@/lib/money';
import { getProduct } from '@/lib/products/registry';
import { proRataAdjustment, terminationRefund, type TerminationRefundInput } from '@/lib/rating/adjustments';
import { thrown } from '@/lib/rating/test-support';

const TERM = { inceptionDate: '2026-02-01', expiryDate: '2027-02-01' } as const;
const { shortRateTable, coolingOffDays } = getProduct('home').settings;

describe('proRataAdjustment', () => {
  it('an increase from 1 August charges the new premium for the 184 days left', () => {
    // (250.00 − 188.31) × 184 ÷ 365 = 31.0985 → 31.10; tax 12 % = 3.732 → 3.73.
    expect(proRataAdjustment({ ...TERM, oldAnnualNet: 188.31, newAnnualNet: 250, effectiveDate: '2026-08-01', taxRate: 0.12 })).toEqual({
      daysRemaining: 184,
      daysInTerm: 365,
      netDelta: 31.1,
      taxDelta: 3.73,
      total: 34.83,
    });
  });

  it('a decrease is a return premium of the same size', () => {
    expect(
      proRataAdjustment({ ...TERM, oldAnnualNet: 250, newAnnualNet: 188.31, effectiveDate: '2026-08-01', taxRate: 0.12 }),
    ).toMatchObject({
      netDelta: -31.1,
      taxDelta: -3.73,
      total: -34.83,
    });
  });

  it('from inception the whole difference is due; at expiry nothing (and never -0)', () => {
    const base = { ...TERM, oldAnnualNet: 250, newAnnualNet: 188.31, taxRate: 0.12 };
    expect(proRataAdjustment({ ...base, effectiveDate: TERM.inceptionDate })).toMatchObject({
      netDelta: -61.69,
      taxDelta: -7.4,
      total: -69.09,
    });
    const atExpiry = proRataAdjustment({ ...base, effectiveDate: TERM.expiryDate });
    expect(Object.is(atExpiry.netDelta, 0) && Object.is(atExpiry.taxDelta, 0) && Object.is(atExpiry.total, 0)).toBe(true);
  });

  it('refuses an effective date outside the term and an empty term', () => {
    const base = { ...TERM, oldAnnualNet: 100, newAnnualNet: 120, taxRate: 0.12 };
    const outside = thrown(() => proRataAdjustment({ ...base, effectiveDate: '2027-02-02' }));
    expect(outside).toBeInstanceOf(ValidationFailed);
    expect((outside as ValidationFailed).errors).toEqual([
      { path: '/effectiveDate', message: 'Effective date must be from 2026-02-01 to 2027-02-01' },
    ]);
    const empty = thrown(() => proRataAdjustment({ ...base, expiryDate: TERM.inceptionDate, effectiveDate: TERM.inceptionDate }));
    expect((empty as ValidationFailed).errors).toEqual([
      { path: '/policy/dateExpiry', message: 'Expiry date must be after the inception date' },
    ]);
  });

  it('total = net delta + tax delta, and the tax follows the net', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 365 }),
        (a, b, day) => {
          const effectiveDate = new Date(Date.UTC(2026, 1, 1 + day)).toISOString().slice(0, 10);
          const r = proRataAdjustment({ ...TERM, oldAnnualNet: a / 100, newAnnualNet: b / 100, effectiveDate, taxRate: 0.12 });
          expect(money(r.netDelta).plus(r.taxDelta).toNumber()).toBe(r.total);
          expect(r.taxDelta).toBe(toAmount(money(r.netDelta).times('0.12')));
          expect(Math.sign(r.netDelta) * Math.sign(b - a)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('terminationRefund', () => {
  const base: TerminationRefundInput = {
    ...TERM,
    type: 'pro-rata',
    net: 365,
    taxRate: 0.12,
    effectiveDate: '2026-03-01',
    shortRateTable,
    coolingOffDays,
    adminFee: 25,
  };

  it('pro-rata returns the unused days with their tax and keeps the admin fee', () => {
    // 28 days on cover, 337 remaining: 365 × 337 ÷ 365 = 337.00; tax 40.44.
    expect(terminationRefund(base)).toEqual({
      returnNet: 337,
      returnTax: 40.44,
      returnFee: 0,
      feeKept: 25,
      total: 377.44,
      penaltyApplied: false,
      coolingOff: false,
      daysOnCover: 28,
      daysRemaining: 337,
    });
  });

  it('pro-rata rounds the returned part half-up', () => {
    // 188.31 × 184 ÷ 365 = 94.9289 → 94.93; tax 11.3916 → 11.39.
    expect(terminationRefund({ ...base, net: 188.31, effectiveDate: '2026-08-01' })).toMatchObject({
      returnNet: 94.93,
      returnTax: 11.39,
      total: 106.32,
    });
  });

  it('short-rate within a month keeps 20 % of the premium', () => {
    expect(terminationRefund({ ...base, type: 'short-rate' })).toMatchObject({
      returnNet: 292, // 365 − 73.00
      returnTax: 35.04,
      total: 327.04,
      penaltyApplied: true,
      coolingOff: false,
    });
  });

  it('short-rate after one month keeps 40 %, after three 70 %, after six the pro-rata share', () => {
    expect(terminationRefund({ ...base, type: 'short-rate', effectiveDate: '2026-03-02' })).toMatchObject({
      returnNet: 219,
      returnTax: 26.28,
      penaltyApplied: true,
    });
    expect(terminationRefund({ ...base, type: 'short-rate', effectiveDate: '2026-08-01' })).toMatchObject({
      returnNet: 109.5,
      returnTax: 13.14,
      penaltyApplied: true,
    });
    // 1 September: 212 days on cover, past the last band (1 August): 153 days returned.
    expect(terminationRefund({ ...base, type: 'short-rate', effectiveDate: '2026-09-01' })).toMatchObject({
      returnNet: 153,
      returnTax: 18.36,
      penaltyApplied: false,
      daysOnCover: 212,
    });
  });

  it('inside the 14-day cooling-off period short-rate falls back to pro-rata', () => {
    expect(terminationRefund({ ...base, type: 'short-rate', effectiveDate: '2026-02-10' })).toMatchObject({
      returnNet: 356,
      returnTax: 42.72,
      penaltyApplied: false,
      coolingOff: true,
      daysOnCover: 9,
    });
    expect(terminationRefund({ ...base, type: 'short-rate', effectiveDate: '2026-02-15' })).toMatchObject({
      coolingOff: true,
      penaltyApplied: false,
      returnNet: 351,
    });
    expect(terminationRefund({ ...base, type: 'short-rate', effectiveDate: '2026-02-16' })).toMatchObject({
      coolingOff: false,
      penaltyApplied: true,
      returnNet: 292,
    });
  });

  it('flat returns everything from inception, the admin fee included', () => {
    expect(terminationRefund({ ...base, type: 'flat', effectiveDate: '2026-06-01' })).toEqual({
      returnNet: 365,
      returnTax: 43.8,
      returnFee: 25,
      feeKept: 0,
      total: 433.8,
      penaltyApplied: false,
      coolingOff: true,
      daysOnCover: 0,
      daysRemaining: 365,
    });
  });

  it('never returns more than was paid, and short-rate never returns more than pro-rata', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 365 }), (cents, day) => {
        const effectiveDate = new Date(Date.UTC(2026, 1, 1 + day)).toISOString().slice(0, 10);
        const input = { ...base, net: cents / 100, effectiveDate };
        const proRata = terminationRefund(input);
        const shortRate = terminationRefund({ ...input, type: 'short-rate' });
        expect(proRata.returnNet).toBeLessThanOrEqual(cents / 100);
        expect(proRata.returnNet).toBeGreaterThanOrEqual(0);
        expect(shortRate.returnNet).toBeLessThanOrEqual(proRata.returnNet);
        expect(money(shortRate.returnNet).plus(shortRate.returnTax).plus(shortRate.returnFee).toNumber()).toBe(shortRate.total);
      }),
      { numRuns: 200 },
    );
  });
});
