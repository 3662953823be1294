import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCentAmount, money, sumMoney } from '@/lib/money';
import {
  buildInstalments,
  INSTALMENTS_MAX,
  instalmentCountFor,
  instalmentDueDates,
  PLAN_COUNTS,
  splitAmount,
} from '@/lib/rating/instalments';
import { PAYMENT_PLANS } from '@/lib/rating/types';
import { exactSum } from '@/lib/rating/test-support';

const fixed = (parts: readonly { toFixed(dp: number): string }[]) => parts.map((p) => p.toFixed(2));

describe('splitAmount', () => {
  it('cuts each part down to the cent and gives the cents left over to the first', () => {
    expect(fixed(splitAmount('100', 3))).toEqual(['33.34', '33.33', '33.33']);
    expect(fixed(splitAmount('217.24', 12))).toEqual(['18.14', ...Array<string>(11).fill('18.10')]);
    expect(fixed(splitAmount('0.05', 12))).toEqual(['0.05', ...Array<string>(11).fill('0.00')]);
    expect(fixed(splitAmount('0', 4))).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(fixed(splitAmount('99.99', 1))).toEqual(['99.99']);
  });

  it('with a deposit, the first part is the deposit share and the rest is split over the others', () => {
    expect(fixed(splitAmount('100', 4, 25))).toEqual(['25.00', '25.00', '25.00', '25.00']);
    expect(fixed(splitAmount('100', 3, 10))).toEqual(['10.00', '45.00', '45.00']);
    // 217.24 × 20 % = 43.448 → 43.44; 173.80 ÷ 9 = 19.3111 → 19.31; 0.01 left goes to the deposit.
    expect(fixed(splitAmount('217.24', 10, 20))).toEqual(['43.45', ...Array<string>(9).fill('19.31')]);
    expect(fixed(splitAmount('100', 3, 100))).toEqual(['100.00', '0.00', '0.00']);
    expect(fixed(splitAmount('100', 3, 0))).toEqual(['0.00', '50.00', '50.00']);
  });

  it('refuses counts outside 1–12 and deposits outside 0–100 %', () => {
    for (const count of [0, 13, 1.5, -1, Number.NaN]) expect(() => splitAmount('100', count)).toThrow(RangeError);
    for (const deposit of [-1, 100.01, Number.NaN]) expect(() => splitAmount('100', 4, deposit)).toThrow(RangeError);
  });

  it('always adds up to the total exactly, with cent parts, equal later parts and the largest part first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: INSTALMENTS_MAX }),
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
        (cents, count, depositBasisPoints) => {
          const total = money(cents).div(100);
          const deposit = depositBasisPoints === undefined ? undefined : depositBasisPoints / 100;
          const parts = splitAmount(total, count, deposit);
          expect(parts).toHaveLength(count);
          expect(sumMoney(parts).equals(total)).toBe(true);
          for (const part of parts) expect(part.decimalPlaces() <= 2 && !part.isNegative()).toBe(true);
          const later = parts.slice(1).map((p) => p.toFixed(2));
          expect(new Set(later).size).toBeLessThanOrEqual(1);
          if (deposit === undefined && parts.length > 1) {
            // Without a deposit the first part is at most count − 1 cents above the others.
            const gap = parts[0]?.minus(parts[1] ?? 0);
            expect(gap?.gte(0) && gap.lt(money(count).div(100))).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('instalmentDueDates', () => {
  it('monthly from the 31st: the same day each month, or the month’s last day', () => {
    expect(instalmentDueDates('2026-01-31', 'monthly', 12)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]);
  });

  it('quarterly across a leap February', () => {
    expect(instalmentDueDates('2027-11-30', 'quarterly', 4)).toEqual(['2027-11-30', '2028-02-29', '2028-05-30', '2028-08-30']);
  });

  it('annual: the inception date', () => {
    expect(instalmentDueDates('2024-02-29', 'annual', 1)).toEqual(['2024-02-29']);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => instalmentDueDates('2026-02-30', 'monthly', 2)).toThrow(RangeError);
  });
});

describe('instalmentCountFor', () => {
  it.each([
    ['monthly', 12, '2026-02-01', '2027-02-01', 12],
    ['monthly', 12, '2026-02-01', '2026-08-01', 6],
    ['monthly', 12, '2026-02-01', '2026-08-02', 7],
    ['monthly', 12, '2026-02-01', '2027-08-01', 12], // an 18-month term still pays at most the plan's count
    ['monthly', 10, '2026-02-01', '2027-02-01', 10],
    ['monthly', 12, '2026-01-31', '2026-02-28', 1], // the second due date (28 Feb) is the expiry day
    ['monthly', 12, '2026-01-31', '2026-03-01', 2],
    ['monthly', 12, '2026-02-01', '2026-02-15', 1],
    ['quarterly', 4, '2026-02-01', '2027-02-01', 4],
    ['quarterly', 4, '2026-02-01', '2026-08-01', 2],
    ['quarterly', 4, '2026-02-01', '2026-08-02', 3],
    ['annual', 1, '2026-02-01', '2027-08-01', 1],
    // A due date clamped to the end of its month: 30 April (from 31 March) is the expiry day.
    ['monthly', 12, '2027-03-31', '2027-04-30', 1],
    ['monthly', 12, '2027-03-31', '2027-05-01', 2],
    // 29 February of a leap year (2052) is a due date from 31 January, and here the expiry day.
    ['monthly', 12, '2052-01-31', '2052-02-29', 1],
    ['monthly', 12, '2052-01-31', '2052-03-01', 2],
  ] as const)('%s (%s a year) from %s to %s: %s', (plan, planCount, inception, expiry, expected) => {
    expect(instalmentCountFor(plan, planCount, inception, expiry)).toBe(expected);
  });

  it('every due date it counts falls before expiry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_PLANS),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1, max: 560 }),
        (plan, startOffset, termDays) => {
          const inception = new Date(Date.UTC(2024, 0, 1 + startOffset)).toISOString().slice(0, 10);
          const expiry = new Date(Date.UTC(2024, 0, 1 + startOffset + termDays)).toISOString().slice(0, 10);
          const count = instalmentCountFor(plan, PLAN_COUNTS[plan], inception, expiry);
          const dates = instalmentDueDates(inception, plan, count);
          expect(dates.every((d) => d < expiry)).toBe(true);
          if (count < PLAN_COUNTS[plan]) {
            // One more instalment would fall on or after expiry.
            expect((instalmentDueDates(inception, plan, count + 1).at(-1) ?? '') >= expiry).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('buildInstalments', () => {
  it('puts the admin fee on the first instalment and numbers them from 1', () => {
    expect(buildInstalments({ payable: '242.24', adminFee: 25, currency: 'GBP', inceptionDate: '2026-02-01', plan: 'quarterly' })).toEqual([
      { sequence: 1, dueDate: '2026-02-01', amount: 79.31, currency: 'GBP', includesAdminFee: true },
      { sequence: 2, dueDate: '2026-05-01', amount: 54.31, currency: 'GBP', includesAdminFee: false },
      { sequence: 3, dueDate: '2026-08-01', amount: 54.31, currency: 'GBP', includesAdminFee: false },
      { sequence: 4, dueDate: '2026-11-01', amount: 54.31, currency: 'GBP', includesAdminFee: false },
    ]);
  });

  it('defaults to the plan’s yearly count', () => {
    for (const plan of PAYMENT_PLANS) {
      expect(buildInstalments({ payable: 100, adminFee: 0, currency: 'EUR', inceptionDate: '2026-01-01', plan })).toHaveLength(
        PLAN_COUNTS[plan],
      );
    }
  });

  it('refuses an admin fee above the payable or below zero', () => {
    const base = { payable: 20, currency: 'GBP', inceptionDate: '2026-02-01', plan: 'annual' } as const;
    expect(() => buildInstalments({ ...base, adminFee: 25 })).toThrow(RangeError);
    expect(() => buildInstalments({ ...base, adminFee: -1 })).toThrow(RangeError);
  });

  it('annual: one instalment of the whole payable, admin fee included', () => {
    expect(buildInstalments({ payable: '188.31', adminFee: 25, currency: 'GBP', inceptionDate: '2026-02-01', plan: 'annual' })).toEqual([
      { sequence: 1, dueDate: '2026-02-01', amount: 188.31, currency: 'GBP', includesAdminFee: true },
    ]);
  });

  it('sums exactly to the payable for every plan, count, deposit and amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom(...PAYMENT_PLANS),
        fc.integer({ min: 1, max: INSTALMENTS_MAX }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        (premiumCents, feeCents, plan, count, depositPercent) => {
          const adminFee = money(feeCents).div(100);
          const payable = money(premiumCents).div(100).plus(adminFee);
          const instalments = buildInstalments({
            payable,
            adminFee,
            currency: 'GBP',
            inceptionDate: '2026-01-31',
            plan,
            count,
            ...(depositPercent === undefined ? {} : { depositPercent }),
          });
          expect(instalments).toHaveLength(count);
          expect(exactSum(instalments.map((i) => i.amount)).equals(payable)).toBe(true);
          expect(instalments.every((i) => isCentAmount(i.amount) && i.amount >= 0)).toBe(true);
          expect(instalments.map((i) => i.includesAdminFee)).toEqual(instalments.map((_, k) => k === 0));
          expect(instalments[0]?.amount).toBeGreaterThanOrEqual(adminFee.toNumber());
        },
      ),
      { numRuns: 500 },
    );
  });
});
