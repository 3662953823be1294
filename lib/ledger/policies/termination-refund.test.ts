import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { addDays } from '@/lib/rating/dates';
import { partsFromNet, type PremiumAmounts } from './premium-parts';
import { inCoolingOff, shortRateBand, terminationRefund, TERMINATION_TYPES, type TerminationType } from './termination-refund';

const rates = { taxRate: 0.12, brokerRate: 0.15, mgaRate: 0.1 };
const table = [
  { withinMonths: 3, keepPercent: 40 },
  { withinMonths: 1, keepPercent: 20 },
  { withinMonths: 6, keepPercent: 70 },
];
const inception = '2026-01-01';
const expiry = '2027-01-01';
const charged = partsFromNet(365, rates, 25);

function refund(type: TerminationType, effectiveDate: string, requestDate = effectiveDate, chargedParts: PremiumAmounts = charged) {
  return terminationRefund({
    type,
    inception,
    expiry,
    effectiveDate,
    requestDate,
    termNet: money(365),
    charged: chargedParts,
    rates,
    coolingOffDays: 14,
    shortRateTable: table,
  });
}

describe('termination refunds', () => {
  it('pro-rata returns the net for the days remaining plus its tax and keeps the fee', () => {
    const result = refund('pro-rata', '2026-07-02');
    expect(result.daysRemaining).toBe(183);
    expect(result.refund.net.toFixed(2)).toBe('183.00');
    expect(result.refund.tax.toFixed(2)).toBe('21.96');
    expect(result.refund.fees.toFixed(2)).toBe('0.00');
    expect(result.refund.payable.toFixed(2)).toBe('204.96');
    expect(result.kept.fees.toFixed(2)).toBe('25.00');
  });

  it('short-rate keeps the table share: 20 % within a month, 40 % within 3, 70 % within 6, then pro-rata', () => {
    expect(refund('short-rate', '2026-01-20', '2026-01-20').refund.net.toFixed(2)).toBe('292.00'); // keeps 73.00
    expect(refund('short-rate', '2026-03-15').refund.net.toFixed(2)).toBe('219.00');
    expect(refund('short-rate', '2026-06-30').refund.net.toFixed(2)).toBe('109.50');
    const late = refund('short-rate', '2026-09-01');
    expect(late.keepPercent).toBeNull();
    expect(late.refund.net.toFixed(2)).toBe(refund('pro-rata', '2026-09-01').refund.net.toFixed(2));
    expect(shortRateBand(table, inception, '2026-02-01')?.keepPercent).toBe(20);
    expect(shortRateBand(table, inception, '2026-02-02')?.keepPercent).toBe(40);
  });

  it('inside cooling-off short-rate is charged as pro-rata, no penalty', () => {
    const cooling = refund('short-rate', '2026-01-10', '2026-01-05');
    expect(cooling.coolingOff).toBe(true);
    expect(cooling.appliedType).toBe('pro-rata');
    expect(cooling.refund.net.toFixed(2)).toBe('356.00');
    expect(inCoolingOff(inception, 14, '2026-01-15', '2026-01-15')).toBe(true);
    expect(inCoolingOff(inception, 14, '2026-01-16', '2026-01-10')).toBe(false);
    expect(inCoolingOff(inception, 14, '2025-12-20', '2026-01-16')).toBe(false);
    const after = refund('short-rate', '2026-01-20', '2026-01-20');
    expect(after.coolingOff).toBe(false);
    expect(after.keepPercent).toBe(20);
  });

  it('flat returns everything charged, fee included, from inception', () => {
    const result = refund('flat', '2026-05-01');
    expect(result.effectiveDate).toBe(inception);
    expect(result.refund.payable.toFixed(2)).toBe(charged.payable.toFixed(2));
    expect(result.kept.payable.isZero()).toBe(true);
  });

  it('property: no part of a return ever exceeds what was charged, nor goes below zero', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TERMINATION_TYPES),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: -30, max: 364 }),
        (type, termCents, chargedCents, offset, requestOffset) => {
          const termNet = money(termCents).div(100);
          // what was charged may differ from the current term net (earlier adjustments)
          const chargedParts = partsFromNet(money(chargedCents).div(100), rates, 25);
          const result = terminationRefund({
            type,
            inception,
            expiry,
            effectiveDate: addDays(inception, offset),
            requestDate: addDays(inception, requestOffset),
            termNet,
            charged: chargedParts,
            rates,
            coolingOffDays: 14,
            shortRateTable: table,
          });
          for (const key of Object.keys(chargedParts) as (keyof PremiumAmounts)[]) {
            expect(result.refund[key].gte(0), key).toBe(true);
            expect(result.refund[key].lte(chargedParts[key]), key).toBe(true);
          }
          expect(result.refund.net.plus(result.refund.tax).plus(result.refund.fees).equals(result.refund.payable)).toBe(true);
          expect(
            result.refund.insurerNet.plus(result.refund.brokerCommission).plus(result.refund.mgaCommission).equals(result.refund.net),
          ).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
