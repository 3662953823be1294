import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { addDays } from '@/lib/rating/dates';
import { addParts } from './premium-parts';
import { daysRemainingOf, mtaAdjustment, proRata } from './pro-rata';

const rates = { taxRate: 0.12, brokerRate: 0.15, mgaRate: 0.1 };
const term = { inception: '2026-01-01', expiry: '2027-01-01' };

describe('mid-term adjustment pro-rata by days', () => {
  it('charges the difference for the days remaining, with tax on the net', () => {
    const result = mtaAdjustment({ ...term, effectiveDate: '2026-07-02', oldNet: 365, newNet: 730, rates });
    expect(result.termDays).toBe(365);
    expect(result.daysRemaining).toBe(183);
    expect(result.parts.net.toFixed(2)).toBe('183.00');
    expect(result.parts.tax.toFixed(2)).toBe('21.96');
    expect(result.parts.payable.toFixed(2)).toBe('204.96');
    expect(result.parts.brokerCommission.toFixed(2)).toBe('27.45');
    expect(result.parts.mgaCommission.toFixed(2)).toBe('18.30');
    expect(result.parts.insurerNet.toFixed(2)).toBe('137.25');
  });

  it('returns premium (negative) when the new premium is lower, and the full difference from inception', () => {
    const result = mtaAdjustment({ ...term, effectiveDate: '2026-01-01', oldNet: 500, newNet: 400, rates });
    expect(result.daysRemaining).toBe(365);
    expect(result.parts.net.toFixed(2)).toBe('-100.00');
    expect(result.parts.payable.toFixed(2)).toBe('-112.00');
  });

  it('pro-rates by days: a third of a 300-day term, and each share rounded half-up to the cent', () => {
    // 2026-01-01 + 300 days = 2026-10-28; from 2026-08-19 there are 70 days left: 90.00 × 70 ÷ 300 = 21.00
    const result = mtaAdjustment({
      inception: '2026-01-01',
      expiry: '2026-10-28',
      effectiveDate: '2026-08-19',
      oldNet: 10,
      newNet: 100,
      rates,
    });
    expect([result.termDays, result.daysRemaining]).toEqual([300, 70]);
    expect(result.parts.net.toFixed(2)).toBe('21.00');
    expect(proRata('0.10', 1, 8).toFixed(2)).toBe('0.01'); // 0.0125 → 0.01
    expect(proRata('0.10', 3, 8).toFixed(2)).toBe('0.04'); // 0.0375 → 0.04
    expect(proRata('-0.10', 3, 8).toFixed(2)).toBe('-0.04');
  });

  it('counts days remaining from the effective date to expiry, the inception day included', () => {
    expect(daysRemainingOf(term, '2026-01-01')).toEqual({ termDays: 365, daysRemaining: 365 });
    expect(daysRemainingOf(term, '2026-12-31')).toEqual({ termDays: 365, daysRemaining: 1 });
    expect(() => daysRemainingOf({ inception: '2026-01-01', expiry: '2026-01-01' }, '2026-01-01')).toThrow('has no days');
    expect(() => daysRemainingOf({ inception: '2026-01-02', expiry: '2026-01-01' }, '2026-01-01')).toThrow(RangeError);
    expect(() => daysRemainingOf(term, '2027-01-01')).toThrow('2027-01-01 is outside the term 2026-01-01 to 2027-01-01');
  });

  it('refuses an effective date outside the term (the expiry day is not covered)', () => {
    expect(() => mtaAdjustment({ ...term, effectiveDate: '2027-01-01', oldNet: 1, newNet: 2, rates })).toThrow(RangeError);
    expect(() => mtaAdjustment({ ...term, effectiveDate: '2025-12-31', oldNet: 1, newNet: 2, rates })).toThrow(RangeError);
  });

  it('property: an adjustment up and the same change back down nets to zero within a cent, part by part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 500_000 }),
        fc.integer({ min: -400_000, max: 400_000 }),
        fc.integer({ min: 1, max: 540 }),
        fc.nat(),
        (oldCents, deltaCents, termDays, offset) => {
          const expiry = addDays(term.inception, termDays);
          const effectiveDate = addDays(term.inception, offset % termDays);
          const oldNet = money(oldCents).div(100);
          const newNet = oldNet.plus(money(deltaCents).div(100));
          const up = mtaAdjustment({ inception: term.inception, expiry, effectiveDate, oldNet, newNet, rates });
          const down = mtaAdjustment({ inception: term.inception, expiry, effectiveDate, oldNet: newNet, newNet: oldNet, rates });
          const sum = addParts(up.parts, down.parts);
          const keys = ['net', 'tax', 'fees', 'brokerCommission', 'mgaCommission', 'insurerNet', 'payable'] as const;
          expect(Object.keys(sum).sort()).toEqual([...keys].sort());
          for (const key of keys) expect(sum[key].abs().lte(0.01), key).toBe(true);
          // the parts of one adjustment always reconcile
          expect(up.parts.net.plus(up.parts.tax).plus(up.parts.fees).equals(up.parts.payable)).toBe(true);
          expect(up.parts.insurerNet.plus(up.parts.brokerCommission).plus(up.parts.mgaCommission).equals(up.parts.net)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
