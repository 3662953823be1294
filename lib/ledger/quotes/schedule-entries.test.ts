import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { example, rate } from '@/lib/rating/test-support';
import { scheduleFromCalculation, scheduleFromInstalments } from './schedule-entries';

// The instalment schedule answer (spec 4.9), worked by hand on the home example paid monthly:
// payable 242.24 = 188.31 net + 22.60 tax + 25.00 fee + 6.33 surcharge; (242.24 − 25) ÷ 12 =
// 18.1033 → 18.10, and the fee with the 0.04 left go on the first: 43.14 + 11 × 18.10.

const monthly = rate('home', example('home'));

describe('schedule before issue (the rating’s proposal)', () => {
  it('lists the twelve planned instalments from inception and totals the payable', () => {
    const schedule = scheduleFromCalculation(monthly);
    expect(schedule).toMatchObject({ paymentPlan: 'monthly', total: 242.24, currency: 'GBP', source: 'quote' });
    expect(schedule.instalments).toHaveLength(12);
    expect(schedule.instalments[0]).toEqual({
      sequence: 1,
      dueDate: '2026-02-01',
      amount: 43.14,
      currency: 'GBP',
      includesAdminFee: true,
      status: 'planned',
    });
    expect(schedule.instalments.slice(1).map((entry) => [entry.sequence, entry.amount, entry.includesAdminFee, entry.status])).toEqual(
      Array.from({ length: 11 }, (_, i) => [i + 2, 18.1, false, 'planned']),
    );
    expect(schedule.instalments.map((entry) => entry.dueDate).slice(-2)).toEqual(['2026-12-01', '2027-01-01']);
  });
});

describe('schedule after issue (the stored instalments)', () => {
  const row = (dueDate: string, amount: string, status: string, currency = 'GBP') => ({
    dueDate: new Date(`${dueDate}T00:00:00.000Z`),
    amount: money(amount),
    currency,
    status,
  });

  it('numbers the rows in order, the fee with the first, and totals what is not cancelled', () => {
    // 43.14 paid + 18.10 open + 18.10 cancelled + 20.01 open (re-spread) → 81.25 still counts
    const schedule = scheduleFromInstalments(
      [
        row('2026-02-01', '43.14', 'paid'),
        row('2026-03-01', '18.10', 'open'),
        row('2026-04-01', '18.10', 'cancelled'),
        row('2026-04-01', '20.01', 'open'),
      ],
      monthly,
    );
    expect(schedule).toEqual({
      instalments: [
        { sequence: 1, dueDate: '2026-02-01', amount: 43.14, currency: 'GBP', includesAdminFee: true, status: 'paid' },
        { sequence: 2, dueDate: '2026-03-01', amount: 18.1, currency: 'GBP', includesAdminFee: false, status: 'open' },
        { sequence: 3, dueDate: '2026-04-01', amount: 18.1, currency: 'GBP', includesAdminFee: false, status: 'cancelled' },
        { sequence: 4, dueDate: '2026-04-01', amount: 20.01, currency: 'GBP', includesAdminFee: false, status: 'open' },
      ],
      paymentPlan: 'monthly',
      total: 81.25,
      currency: 'GBP',
      source: 'policy',
    });
  });

  it('a credit (negative instalment) reduces the total', () => {
    expect(scheduleFromInstalments([row('2026-02-01', '100.00', 'open'), row('2026-03-01', '-30.55', 'open')], monthly).total).toBe(69.45);
  });

  it('with no rows the currency and plan come from the calculation, then from the defaults', () => {
    expect(scheduleFromInstalments([], monthly)).toEqual({
      instalments: [],
      paymentPlan: 'monthly',
      total: 0,
      currency: 'GBP',
      source: 'policy',
    });
    expect(scheduleFromInstalments([], null)).toEqual({
      instalments: [],
      paymentPlan: 'annual',
      total: 0,
      currency: 'EUR',
      source: 'policy',
    });
    expect(scheduleFromInstalments([row('2026-02-01', '10.00', 'open', 'EUR')], monthly).currency).toBe('EUR');
  });
});
