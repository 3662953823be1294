import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { addDays } from '@/lib/rating/dates';
import { partsFromNet, type PremiumAmounts } from './premium-parts';
import {
  boundedRefund,
  coolingOffExcluded,
  inCoolingOff,
  shortRateBand,
  terminationRefund,
  TERMINATION_TYPES,
  type TerminationType,
} from './termination-refund';

const rates = { taxRate: 0.12, brokerRate: 0.15, mgaRate: 0.1 };
const table = [
  { withinMonths: 3, keepPercent: 40 },
  { withinMonths: 1, keepPercent: 20 },
  { withinMonths: 6, keepPercent: 70 },
];
const inception = '2026-01-01';
const expiry = '2027-01-01';
const charged = partsFromNet(365, rates, 25);

function refund(
  type: TerminationType,
  effectiveDate: string,
  requestDate = effectiveDate,
  chargedParts: PremiumAmounts = charged,
  inceptionFees: 'returned' | 'retained' = 'returned',
) {
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
    inceptionFees,
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
    // after six months: pro-rata, 122 days left (Sep 30 + Oct 31 + Nov 30 + Dec 31): 365 × 122 ÷ 365 = 122.00
    expect(late.refund.net.toFixed(2)).toBe('122.00');
    expect(late.refund.tax.toFixed(2)).toBe('14.64');
    expect(late.appliedType).toBe('short-rate');
    expect(late.daysRemaining).toBe(122);
    expect(shortRateBand(table, inception, '2026-02-01')?.keepPercent).toBe(20);
    expect(shortRateBand(table, inception, '2026-02-02')?.keepPercent).toBe(40);
  });

  it('short-rate never keeps more than pro-rata would (the smaller refund is not taken)', () => {
    // a 10 % band over the whole year: on 2026-12-01 the table would return 328.50, pro-rata 31 days = 31.00
    const result = terminationRefund({
      type: 'short-rate',
      inception,
      expiry,
      effectiveDate: '2026-12-01',
      requestDate: '2026-12-01',
      termNet: money(365),
      charged,
      rates,
      coolingOffDays: 14,
      shortRateTable: [{ withinMonths: 12, keepPercent: 10 }],
      inceptionFees: 'returned',
    });
    expect(result.keepPercent).toBe(10);
    expect(result.refund.net.toFixed(2)).toBe('31.00');
    expect(result.kept.net.toFixed(2)).toBe('334.00');
  });

  it('short-rate bands: the first band the effective date falls in, the band end day included', () => {
    expect(shortRateBand(table, inception, '2026-01-01')?.keepPercent).toBe(20);
    expect(shortRateBand(table, inception, '2026-04-01')?.keepPercent).toBe(40);
    expect(shortRateBand(table, inception, '2026-04-02')?.keepPercent).toBe(70);
    expect(shortRateBand(table, inception, '2026-07-01')?.keepPercent).toBe(70);
    expect(shortRateBand(table, inception, '2026-07-02')).toBeNull();
    expect(shortRateBand([], inception, '2026-01-02')).toBeNull();
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

  it('travel: no cooling-off once the trip has started, nor for a trip shorter than a month', () => {
    const trip = { inception: '2026-07-01', expiry: '2026-07-15' };
    const annual = { inception: '2026-07-01', expiry: '2027-07-01' };
    const rule = { onceStarted: true, termShorterThanMonths: 1 };
    // Asked the day before departure: not started, but a 14-day trip is shorter than a month.
    expect(coolingOffExcluded(rule, trip, '2026-06-30')).toBe(true);
    // An annual cover asked before it starts keeps its cooling-off; on the first day it is under way.
    expect(coolingOffExcluded(rule, annual, '2026-06-30')).toBe(false);
    expect(coolingOffExcluded(rule, annual, '2026-07-01')).toBe(true);
    expect(coolingOffExcluded({ onceStarted: false, termShorterThanMonths: 1 }, annual, '2026-07-05')).toBe(false);
    // Exactly one month (1 to 1 August) is not shorter than a month.
    expect(
      coolingOffExcluded({ onceStarted: false, termShorterThanMonths: 1 }, { inception: '2026-07-01', expiry: '2026-08-01' }, '2026-06-01'),
    ).toBe(false);
    expect(
      coolingOffExcluded({ onceStarted: false, termShorterThanMonths: 1 }, { inception: '2026-07-01', expiry: '2026-07-31' }, '2026-06-01'),
    ).toBe(true);
    expect(coolingOffExcluded(undefined, trip, '2026-07-05')).toBe(false);

    // Short-rate on a started annual cover inside 14 days: the 20 % band applies, not pro-rata.
    const started = terminationRefund({
      type: 'short-rate',
      inception,
      expiry,
      effectiveDate: '2026-01-10',
      requestDate: '2026-01-05',
      termNet: money(365),
      charged,
      rates,
      coolingOffDays: 14,
      coolingOffExclusions: rule,
      shortRateTable: table,
      inceptionFees: 'returned',
    });
    expect(started.coolingOff).toBe(false);
    expect(started.appliedType).toBe('short-rate');
    // Keeps 20 % of 365.00 = 73.00; returns 292.00 (less than pro-rata's 356.00).
    expect(started.refund.net.toFixed(2)).toBe('292.00');
  });

  it('a return the commissions were rounded against moves the insurer’s excess cent to the broker, then the MGA', () => {
    // Charged: net 10.00 split 1.51 / 1.01 / 7.48 (earlier rounding). A full 10.00 return splits
    // 1.50 / 1.00 / 7.50, which would give the insurer 0.02 more than it received: one cent goes
    // to the broker (up to its 1.51), the other to the MGA (up to its 1.01).
    const paid = { ...partsFromNet(10, rates), brokerCommission: money('1.51'), mgaCommission: money('1.01'), insurerNet: money('7.48') };
    const back = boundedRefund(money(10), paid, rates);
    expect([back.net, back.tax, back.brokerCommission, back.mgaCommission, back.insurerNet, back.payable].map((v) => v.toFixed(2))).toEqual(
      ['10.00', '1.20', '1.51', '1.01', '7.48', '11.20'],
    );
    // No room at the broker: both cents go to the MGA.
    const full = { ...paid, brokerCommission: money('1.50'), mgaCommission: money('1.02') };
    const second = boundedRefund(money(10), full, rates);
    expect([second.brokerCommission, second.mgaCommission, second.insurerNet].map((v) => v.toFixed(2))).toEqual(['1.50', '1.02', '7.48']);
    // Through the termination itself: pro-rata from inception is flat, what was charged comes back as booked.
    const whole = terminationRefund({
      type: 'pro-rata',
      inception,
      expiry,
      effectiveDate: inception,
      requestDate: inception,
      termNet: money(10),
      charged: paid,
      rates,
      coolingOffDays: 14,
      shortRateTable: table,
      inceptionFees: 'returned',
    });
    expect([whole.refund.brokerCommission, whole.refund.mgaCommission, whole.refund.insurerNet].map((v) => v.toFixed(2))).toEqual([
      '1.51',
      '1.01',
      '7.48',
    ]);
  });

  it('a return never exceeds what was charged, part by part, and never goes below zero', () => {
    // Charged 50.00 net (6.00 tax) but the term net is 365: a pro-rata half-year return stops at 50.00.
    const little = partsFromNet(50, rates);
    const result = refund('pro-rata', '2026-07-02', '2026-07-02', little);
    expect(
      [result.refund.net, result.refund.tax, result.refund.brokerCommission, result.refund.mgaCommission].map((v) => v.toFixed(2)),
    ).toEqual(['50.00', '6.00', '7.50', '5.00']);
    const nothing = boundedRefund(money(-5), partsFromNet(50, rates), rates);
    expect(nothing.net.toFixed(2)).toBe('0.00');
    expect(nothing.payable.toFixed(2)).toBe('0.00');
  });

  it('flat returns everything charged, fee included, from inception', () => {
    const result = refund('flat', '2026-05-01');
    expect(result.effectiveDate).toBe(inception);
    // charged: 365.00 net + 43.80 tax + 25.00 fee = 433.80, all of it back
    expect(result.refund.payable.toFixed(2)).toBe('433.80');
    expect(result.refund.fees.toFixed(2)).toBe('25.00');
    expect(result.appliedType).toBe('flat');
    expect(result.coolingOff).toBe(false);
    expect([result.daysRemaining, result.daysOnCover]).toEqual([365, 0]);
    expect(result.kept.payable.isZero()).toBe(true);
  });

  it('on or before inception is a cancellation from inception: flat, the fees as the product says', () => {
    for (const type of ['pro-rata', 'short-rate'] as const) {
      const before = refund(type, '2025-12-20', '2025-12-15');
      expect([before.fromInception, before.appliedType, before.requestedType, before.coolingOff]).toEqual([true, 'flat', type, false]);
      expect(before.effectiveDate).toBe(inception);
      expect([before.daysRemaining, before.daysOnCover]).toEqual([365, 0]);
      // Fees returned: 365.00 net + 43.80 tax + 25.00 fee = 433.80, all of it.
      expect(before.refund.payable.toFixed(2)).toBe('433.80');
      expect(before.kept.payable.toFixed(2)).toBe('0.00');
    }
    const onInception = refund('pro-rata', inception, '2025-12-15', charged, 'retained');
    expect(onInception.fromInception).toBe(true);
    // Fees kept: 365.00 net + 43.80 tax back (408.80); commissions 15 % and 10 % of 365.00 back whole.
    expect(
      [onInception.refund.net, onInception.refund.tax, onInception.refund.fees, onInception.refund.payable].map((v) => v.toFixed(2)),
    ).toEqual(['365.00', '43.80', '0.00', '408.80']);
    expect(
      [onInception.refund.brokerCommission, onInception.refund.mgaCommission, onInception.refund.insurerNet].map((v) => v.toFixed(2)),
    ).toEqual(['54.75', '36.50', '273.75']);
    expect([onInception.kept.fees, onInception.kept.payable, onInception.kept.net].map((v) => v.toFixed(2))).toEqual([
      '25.00',
      '25.00',
      '0.00',
    ]);
    // The day after inception cover has started: pro-rata, 364 of 365 days back, fee kept.
    const dayAfter = refund('pro-rata', '2026-01-02', '2026-01-02', charged, 'retained');
    expect([dayAfter.fromInception, dayAfter.appliedType]).toEqual([false, 'pro-rata']);
    expect(dayAfter.refund.net.toFixed(2)).toBe('364.00');
    // A flat termination asked for as such (issued by mistake) returns the fee whatever the setting,
    // also asked on inception day, inside the cooling-off period: it is no cooling-off return.
    const asked = refund('flat', '2026-05-01', '2026-05-01', charged, 'retained');
    expect([asked.fromInception, asked.refund.payable.toFixed(2)]).toEqual([false, '433.80']);
    const onTheDay = refund('flat', inception, inception, charged, 'retained');
    expect([onTheDay.fromInception, onTheDay.coolingOff, onTheDay.appliedType]).toEqual([false, false, 'flat']);
    expect([onTheDay.refund.fees, onTheDay.refund.payable].map((v) => v.toFixed(2))).toEqual(['25.00', '433.80']);
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
            inceptionFees: 'returned',
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
