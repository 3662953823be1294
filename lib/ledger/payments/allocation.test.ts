import { describe, expect, it } from 'vitest';
import { money } from '@/lib/money';
import { addDays } from '@/lib/rating/dates';
import {
  allocate,
  balanceOf,
  instalmentState,
  nonPaymentCancellationDate,
  outstandingOf,
  POSITIONS_MAX,
  takeBack,
  type InstalmentPosition,
} from './allocation';

// Figures worked by hand: a quarterly plan of 100.00 + 3 × 80.00, due on the first of
// January, April, July and October 2027.

const plan = (paid: string[] = ['0', '0', '0', '0']): InstalmentPosition[] =>
  [
    { id: 'q1', dueDate: '2027-01-01', sequence: 1, amount: money('100.00') },
    { id: 'q2', dueDate: '2027-04-01', sequence: 2, amount: money('80.00') },
    { id: 'q3', dueDate: '2027-07-01', sequence: 3, amount: money('80.00') },
    { id: 'q4', dueDate: '2027-10-01', sequence: 4, amount: money('80.00') },
  ].map((position, i) => ({ ...position, paid: money(paid[i]!) }));

const shown = (moves: { instalmentId: string; amount: { toFixed(dp: number): string } }[]) =>
  moves.map((move) => [move.instalmentId, move.amount.toFixed(2)]);

describe('allocate', () => {
  it('pays the oldest first: 220.00 pays 100 and 80 and 40 of the third', () => {
    const { moves, rest } = allocate([...plan()].reverse(), money('220.00'));
    expect(shown(moves)).toEqual([
      ['q1', '100.00'],
      ['q2', '80.00'],
      ['q3', '40.00'],
    ]);
    expect(rest.toFixed(2)).toBe('0.00');
  });

  it('skips what is paid and finishes a part-paid one; what is over is left', () => {
    const { moves, rest } = allocate(plan(['100.00', '30.00', '0', '0']), money('300.00'));
    expect(shown(moves)).toEqual([
      ['q2', '50.00'],
      ['q3', '80.00'],
      ['q4', '80.00'],
    ]);
    expect(rest.toFixed(2)).toBe('90.00');
  });

  it('orders instalments due the same day by sequence', () => {
    const twins: InstalmentPosition[] = [
      { id: 'b', dueDate: '2027-01-01', sequence: 2, amount: money(10), paid: money(0) },
      { id: 'a', dueDate: '2027-01-01', sequence: 1, amount: money(10), paid: money(0) },
    ];
    expect(shown(allocate(twins, money(15)).moves)).toEqual([
      ['a', '10.00'],
      ['b', '5.00'],
    ]);
  });

  it('moves nothing for nothing, and refuses an unbounded schedule', () => {
    expect(allocate(plan(), money(0)).moves).toEqual([]);
    const many = Array.from({ length: POSITIONS_MAX + 1 }, (_, i) => ({ ...plan()[0]!, id: `i${i}` }));
    expect(() => allocate(many, money(1))).toThrow(`more than ${POSITIONS_MAX} instalments on one policy`);
    expect(() => takeBack(many, money(1))).toThrow(`more than ${POSITIONS_MAX} instalments on one policy`);
    // Exactly the bound is still served.
    const bound = many.slice(1).map((position) => ({ ...position, paid: money('100.00') }));
    expect(allocate(bound, money(1)).rest.toFixed(2)).toBe('1.00');
    expect(takeBack(bound, money(1)).missing.toFixed(2)).toBe('0.00');
  });
});

describe('takeBack', () => {
  it('takes the latest paid first, up to what is needed', () => {
    const { moves, missing } = takeBack(plan(['100.00', '80.00', '40.00', '0']), money('100.00'));
    expect(shown(moves)).toEqual([
      ['q3', '-40.00'],
      ['q2', '-60.00'],
    ]);
    expect(missing.toFixed(2)).toBe('0.00');
  });

  it('takes first what one payment put there, then anything paid', () => {
    const preferred = new Map([['q1', money('30.00')]]);
    const { moves } = takeBack(plan(['100.00', '80.00', '0', '0']), money('50.00'), preferred);
    expect(shown(moves)).toEqual([
      ['q2', '-20.00'],
      ['q1', '-30.00'],
    ]);
  });

  it('says what it could not take back', () => {
    expect(takeBack(plan(['20.00', '0', '0', '0']), money('50.00')).missing.toFixed(2)).toBe('30.00');
  });
});

describe('instalment states and the balance on 2027-04-01', () => {
  const today = '2027-04-01';
  const positions = plan(['100.00', '30.00', '0', '0']);

  it('paid, partially paid, open; overdue once the due date has passed', () => {
    expect(positions.map((position) => instalmentState(position, false, today))).toEqual(['paid', 'partially-paid', 'open', 'open']);
    expect(instalmentState(positions[1]!, false, '2027-04-02')).toBe('overdue');
    expect(instalmentState(positions[2]!, true, today)).toBe('cancelled');
    expect(outstandingOf(positions[1]!).toFixed(2)).toBe('50.00');
  });

  it('outstanding 50 + 80 + 80 = 210; due now 50 (due today); overdue from the next day', () => {
    const balance = balanceOf(positions, today);
    expect([balance.outstanding, balance.dueNow, balance.overdue].map((d) => d.toFixed(2))).toEqual(['210.00', '50.00', '0.00']);
    const later = balanceOf(positions, '2027-07-02');
    expect([later.dueNow, later.overdue].map((d) => d.toFixed(2))).toEqual(['130.00', '130.00']);
  });

  it('an instalment paid beyond its amount owes nothing and takes nothing off the others', () => {
    const overpaid = [{ ...positions[0]!, paid: money('120.00') }, positions[1]!];
    expect(balanceOf(overpaid, today).outstanding.toFixed(2)).toBe('50.00');
  });
});

describe('cancellation for non-payment', () => {
  const arrears = { graceDays: 30, cancelForNonPayment: true };
  const positions = plan(['100.00', '30.00', '0', '0']);

  it('from the day the grace period of the oldest instalment still owed ends (1 April + 30 days = 1 May)', () => {
    expect(nonPaymentCancellationDate(positions, arrears, '2027-04-30', addDays)).toBeNull();
    expect(nonPaymentCancellationDate(positions, arrears, '2027-05-01', addDays)).toBe('2027-05-01');
    expect(nonPaymentCancellationDate(positions, arrears, '2027-06-15', addDays)).toBe('2027-05-01');
    // The oldest owed counts, in whatever order the instalments come.
    expect(nonPaymentCancellationDate([...positions].reverse(), arrears, '2027-06-15', addDays)).toBe('2027-05-01');
  });

  it('never when the product does not ask for it, or nothing is owed', () => {
    expect(nonPaymentCancellationDate(positions, { ...arrears, cancelForNonPayment: false }, '2027-12-01', addDays)).toBeNull();
    expect(nonPaymentCancellationDate(plan(['100', '80', '80', '80']), arrears, '2027-12-01', addDays)).toBeNull();
  });
});
