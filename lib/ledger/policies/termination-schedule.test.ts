import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { settleTermination } from './termination-schedule';

// DOMAIN.md §5 worked example: home, monthly, incepting 1 Dec 2026, payable 242.24 = 43.14 + 11 × 18.10.
const monthly = [
  { id: '2026-12', dueDate: '2026-12-01', amount: money('43.14') },
  ...Array.from({ length: 11 }, (_, i) => {
    const month = String(i + 1).padStart(2, '0');
    return { id: `2027-${month}`, dueDate: `2027-${month}-01`, amount: money('18.10') };
  }),
];

const rows = (entries: { dueDate: string; amount: { toFixed: (n: number) => string } }[]) =>
  entries.map((entry) => [entry.dueDate, entry.amount.toFixed(2)]);

describe('a termination set against the schedule', () => {
  it('the worked example: Dec–Aug stay due, Nov and Oct are cancelled, Sep falls from 18.10 to 1.72', () => {
    // Pro-rata from 1 Sep 2027: 188.31 × 91 / 365 = 46.95 net + 12 % tax 5.63 = 52.58 returned.
    const settled = settleTermination(monthly, money('52.58'), '2027-09-01', '2026-11-23');
    expect(settled.cancel).toEqual(['2027-11', '2027-10', '2027-09']);
    expect(rows(settled.create)).toEqual([['2027-09-01', '1.72']]);
    expect(settled.steps.map((step) => [step.dueDate, step.before.toFixed(2), step.after.toFixed(2)])).toEqual([
      ['2027-11-01', '18.10', '0.00'],
      ['2027-10-01', '18.10', '0.00'],
      ['2027-09-01', '18.10', '1.72'],
    ]);
    expect(settled.credit.toFixed(2)).toBe('0.00');
    // Owed in all: 43.14 + 8 × 18.10 + 1.72 = 189.66 = 242.24 − 52.58.
    const kept = monthly.filter((entry) => !settled.cancel.includes(entry.id)).map((entry) => entry.amount);
    const owed = [...kept, ...settled.create.map((entry) => entry.amount)].reduce((sum, amount) => sum.plus(amount), money(0));
    expect(owed.toFixed(2)).toBe('189.66');
  });

  it('what the later instalments cannot take reduces the latest ones before the effective date', () => {
    // From 1 Oct: Oct and Nov take 36.20 of 50.00; Sep (before the date) falls by 13.80 to 4.30.
    const settled = settleTermination(monthly, money('50.00'), '2027-10-01', '2027-09-15');
    expect(settled.cancel).toEqual(['2027-11', '2027-10', '2027-09']);
    expect(rows(settled.create)).toEqual([['2027-09-01', '4.30']]);
  });

  it('an instalment due on the effective date counts as after it; an exact fit creates nothing', () => {
    const settled = settleTermination(monthly, money('36.20'), '2027-10-01', '2027-09-15');
    expect(settled.cancel).toEqual(['2027-11', '2027-10']);
    expect(settled.create).toEqual([]);
  });

  it('beyond every open instalment the rest is the policyholder’s credit, one negative amount', () => {
    const open = [
      { id: 'a', dueDate: '2027-01-01', amount: money('10.00') },
      { id: 'b', dueDate: '2027-02-01', amount: money('5.00') },
    ];
    const settled = settleTermination(open, money('21.50'), '2027-03-01', '2027-03-10');
    expect(settled.cancel).toEqual(['b', 'a']);
    expect(rows(settled.create)).toEqual([['2027-03-10', '-6.50']]);
    expect(settled.credit.toFixed(2)).toBe('6.50');
  });

  it('an amount already owed back takes nothing and stays; nothing returned changes nothing', () => {
    const open = [
      { id: 'credit', dueDate: '2027-05-01', amount: money('-3.00') },
      { id: 'a', dueDate: '2027-04-01', amount: money('10.00') },
    ];
    const settled = settleTermination(open, money('4.00'), '2027-03-01', '2027-03-01');
    expect(settled.cancel).toEqual(['a']);
    expect(rows(settled.create)).toEqual([['2027-04-01', '6.00']]);
    expect(settleTermination(open, money('0'), '2027-03-01', '2027-03-01')).toEqual({
      cancel: [],
      create: [],
      steps: [],
      credit: money(0),
    });
  });
});
