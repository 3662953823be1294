import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { PremiumSteps } from '@/lib/rating/premium-steps';

describe('PremiumSteps', () => {
  it('rounds the running premium half-up after every step and records it', () => {
    const steps = new PremiumSteps()
      .base('/a', 'Base', 1000, money('204.687'), money(1))
      .apply('/b', 'Discount', true, money('0.92'), 'discount');
    // 204.687 → 204.69; × 0.92 = 188.3148 → 188.31.
    expect(steps.amount.toFixed(2)).toBe('188.31');
    expect(steps.fields).toEqual([
      { field: '/a', label: 'Base', value: 1000, factor: 1, effect: 'base', amount: 204.69 },
      { field: '/b', label: 'Discount', value: true, factor: 0.92, effect: 'discount', amount: 188.31 },
    ]);
  });

  it('adds several bases', () => {
    const steps = new PremiumSteps().base('/0', 'One', 1, money('21.84'), money('1.3')).base('/1', 'Two', 2, money('21.845'), money('1.3'));
    expect(steps.amount.toFixed(2)).toBe('43.69');
  });

  it('pro-rates a term other than a year by days ÷ 365 and leaves 365 and 366 days alone', () => {
    const year = new PremiumSteps().base('/a', 'Base', 1, money(100), money(1));
    expect(year.prorate(365).prorate(366).fields).toHaveLength(1);
    const half = new PremiumSteps().base('/a', 'Base', 1, money(100), money(1)).prorate(181);
    // 100 × 181 ÷ 365 = 49.589 → 49.59.
    expect(half.fields.at(-1)).toMatchObject({
      field: 'termDays',
      value: 181,
      label: 'Term of 181 days (181/365 of the annual premium)',
      amount: 49.59,
    });
    expect(half.fields.at(-1)?.factor).toBeCloseTo(181 / 365, 12);
  });

  it('lifts the premium to the minimum, with a step only when it applies', () => {
    const low = new PremiumSteps().base('/a', 'Base', 1, money('12.43'), money(1)).minimum(money(75));
    expect(low.amount.toFixed(2)).toBe('75.00');
    expect(low.fields.at(-1)).toEqual({
      field: 'minimumPremium',
      label: 'Minimum premium 75.00',
      value: 75,
      factor: 1,
      effect: 'minimum',
      amount: 75,
    });
    const high = new PremiumSteps().base('/a', 'Base', 1, money(75), money(1)).minimum(money(75));
    expect(high.fields).toHaveLength(1);
  });

  it('includes a sub-calculation and states a subtotal', () => {
    const one = new PremiumSteps().base('/objects/0', 'Pet 1', 1, money(180), money(1));
    const two = new PremiumSteps().base('/objects/1', 'Pet 2', 1, money(110), money(1));
    const total = new PremiumSteps().include(one).include(two).subtotal('/objects', 'Total for 2 pets', 2);
    expect(total.amount.toFixed(2)).toBe('290.00');
    expect(total.fields.map((f) => [f.field, f.amount])).toEqual([
      ['/objects/0', 180],
      ['/objects/1', 110],
      ['/objects', 290],
    ]);
    // The subtotal restates the total: a base line with factor 1.
    expect(total.fields[2]).toMatchObject({ label: 'Total for 2 pets', value: 2, factor: 1, effect: 'base' });
  });
});
