import { describe, expect, it } from 'vitest';
import { money, sumMoney } from '@/lib/money';
import { respreadInstalments } from './respread';
import { nextTerm, renewalEligibility } from './renewal-eligibility';

const open = [
  { id: 'a', dueDate: '2026-01-01', amount: money('100.00') },
  { id: 'b', dueDate: '2026-02-01', amount: money('75.00') },
  { id: 'c', dueDate: '2026-03-01', amount: money('75.00') },
];

describe('re-spreading open instalments', () => {
  it('spreads an additional premium over the instalments due from the effective date', () => {
    const plan = respreadInstalments(open, money('10.01'), '2026-01-15', '2026-01-15');
    expect(plan.cancel).toEqual(['b', 'c']);
    expect(plan.create.map((entry) => [entry.dueDate, entry.amount.toFixed(2)])).toEqual([
      ['2026-02-01', '80.01'],
      ['2026-03-01', '80.00'],
    ]);
  });

  it('an instalment due on the effective date takes part in the re-spread', () => {
    const plan = respreadInstalments(open, money('10.01'), '2026-02-01', '2026-02-01');
    expect(plan.cancel).toEqual(['b', 'c']);
    expect(plan.create.map((entry) => [entry.dueDate, entry.amount.toFixed(2)])).toEqual([
      ['2026-02-01', '80.01'],
      ['2026-03-01', '80.00'],
    ]);
  });

  it('a return that exactly clears the later instalments cancels them and creates nothing', () => {
    const plan = respreadInstalments(open, money('-150'), '2026-01-15', '2026-01-15');
    expect(plan).toEqual({ cancel: ['b', 'c'], create: [] });
    const everything = respreadInstalments(open, money('-250'), '2026-03-15', '2026-03-15');
    expect(everything).toEqual({ cancel: ['a', 'b', 'c'], create: [] });
  });

  it('more open instalments than a plan may have (a deposit and twelve) are replaced by twelve, on the first twelve dates', () => {
    const thirteen = Array.from({ length: 13 }, (_, index) => ({
      id: `i${index + 1}`,
      dueDate: `${2026 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`,
      amount: money('10.00'),
    }));
    const plan = respreadInstalments(thirteen, money('1.30'), '2025-12-15', '2025-12-15');
    expect(plan.cancel).toEqual(thirteen.map((instalment) => instalment.id));
    // 130.00 + 1.30 = 131.30 over twelve: 10.94 each (131.28), the 0.02 left on the first.
    expect(plan.create.map((entry) => [entry.dueDate, entry.amount.toFixed(2)])).toEqual([
      ['2026-01-01', '10.96'],
      ...['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((month) => [`2026-${month}-01`, '10.94']),
    ]);
  });

  it('sorts the open instalments by due date before choosing', () => {
    const shuffled = [open[2]!, open[0]!, open[1]!];
    const plan = respreadInstalments(shuffled, money('-30.00'), '2026-01-15', '2026-01-15');
    expect(plan.cancel).toEqual(['b', 'c']);
    expect(plan.create.map((entry) => [entry.dueDate, entry.amount.toFixed(2)])).toEqual([
      ['2026-02-01', '60.00'],
      ['2026-03-01', '60.00'],
    ]);
  });

  it('takes every open instalment when a return exceeds the later ones, and keeps the sum exact', () => {
    const plan = respreadInstalments(open, money('-200'), '2026-02-15', '2026-02-15');
    expect(plan.cancel).toEqual(['a', 'b', 'c']);
    // 250 open − 200 = 50.00 over three dates: 16.66 × 3 = 49.98, the 0.02 left on the first
    expect(plan.create.map((entry) => [entry.dueDate, entry.amount.toFixed(2)])).toEqual([
      ['2026-01-01', '16.68'],
      ['2026-02-01', '16.66'],
      ['2026-03-01', '16.66'],
    ]);
    expect(sumMoney(plan.create.map((entry) => entry.amount)).toFixed(2)).toBe('50.00');
  });

  it('a return larger than everything open is one amount owed back; nothing open gets a new instalment', () => {
    const owed = respreadInstalments(open, money('-300'), '2026-01-01', '2026-01-01');
    expect(owed.cancel).toEqual(['a', 'b', 'c']);
    expect(owed.create.map((e) => [e.dueDate, e.amount.toFixed(2)])).toEqual([['2026-01-01', '-50.00']]);
    // no later instalment: the earlier ones take the return, the credit dated on the first of them
    const late = respreadInstalments(open, money('-300'), '2026-03-15', '2026-03-20');
    expect(late.cancel).toEqual(['a', 'b', 'c']);
    expect(late.create.map((e) => [e.dueDate, e.amount.toFixed(2)])).toEqual([['2026-01-01', '-50.00']]);
    // an additional premium after the last due date re-spreads every open instalment:
    // 250.00 + 3.00 = 253.00 ÷ 3 = 84.333 → 84.33 each, the 0.01 left on the first
    const after = respreadInstalments(open, money('3.00'), '2026-03-15', '2026-03-20');
    expect(after.cancel).toEqual(['a', 'b', 'c']);
    expect(after.create.map((e) => [e.dueDate, e.amount.toFixed(2)])).toEqual([
      ['2026-01-01', '84.34'],
      ['2026-02-01', '84.33'],
      ['2026-03-01', '84.33'],
    ]);
    expect(respreadInstalments([], money('-12.00'), '2026-05-01', '2026-06-01')).toEqual({
      cancel: [],
      create: [{ dueDate: '2026-06-01', amount: money('-12.00') }],
    });
    expect(respreadInstalments([], money('12.00'), '2026-05-01', '2026-06-01').create).toEqual([
      { dueDate: '2026-06-01', amount: money('12.00') },
    ]);
    expect(respreadInstalments(open, money(0), '2026-01-01', '2026-01-01')).toEqual({ cancel: [], create: [] });
  });
});

describe('renewal eligibility', () => {
  const facts = {
    policyStatus: 'active',
    expiry: '2027-01-01',
    renewedById: null,
    openRenewalQuoteId: null,
    windowDays: 60,
    nonRenewableReason: null,
  };
  it('opens 60 days before expiry and closes at expiry, once, only when active', () => {
    expect(renewalEligibility({ ...facts, today: '2026-11-01' }).block).toBe('window-not-open');
    expect(renewalEligibility({ ...facts, today: '2026-11-02' }).eligible).toBe(true);
    expect(renewalEligibility({ ...facts, today: '2026-12-31' }).eligible).toBe(true);
    expect(renewalEligibility({ ...facts, today: '2027-01-01' }).block).toBe('expired');
    expect(renewalEligibility({ ...facts, today: '2026-12-01', renewedById: 'x' }).block).toBe('already-renewed');
    expect(renewalEligibility({ ...facts, today: '2026-12-01', openRenewalQuoteId: 'q' }).block).toBe('renewal-in-progress');
    expect(renewalEligibility({ ...facts, today: '2026-12-01', policyStatus: 'terminated' }).block).toBe('not-active');
    const single = renewalEligibility({ ...facts, today: '2026-12-01', nonRenewableReason: 'A single-trip policy does not renew' });
    expect(single).toMatchObject({ eligible: false, block: 'not-renewable' });
  });

  it('says when the window opens and closes', () => {
    expect(renewalEligibility({ ...facts, today: '2026-06-01' })).toEqual({
      eligible: false,
      block: 'window-not-open',
      opensOn: '2026-11-02',
      closesOn: '2026-12-31',
    });
    expect(renewalEligibility({ ...facts, windowDays: 30, today: '2026-12-02' })).toEqual({
      eligible: true,
      block: null,
      opensOn: '2026-12-02',
      closesOn: '2026-12-31',
    });
    expect(renewalEligibility({ ...facts, windowDays: 30, today: '2026-12-01' }).block).toBe('window-not-open');
    expect(renewalEligibility({ ...facts, today: '2027-03-01' }).block).toBe('expired');
  });

  it('names the first reason that blocks: not active, not renewable, then renewed, then in progress, then the dates', () => {
    const all = {
      ...facts,
      policyStatus: 'expired',
      nonRenewableReason: 'A single-trip policy does not renew',
      renewedById: 'x',
      openRenewalQuoteId: 'q',
      today: '2027-03-01',
    };
    expect(renewalEligibility(all).block).toBe('not-active');
    expect(renewalEligibility({ ...all, policyStatus: 'active' }).block).toBe('not-renewable');
    expect(renewalEligibility({ ...all, policyStatus: 'active', nonRenewableReason: null }).block).toBe('already-renewed');
    expect(renewalEligibility({ ...all, policyStatus: 'active', nonRenewableReason: null, renewedById: null }).block).toBe(
      'renewal-in-progress',
    );
    expect(
      renewalEligibility({ ...all, policyStatus: 'active', nonRenewableReason: null, renewedById: null, openRenewalQuoteId: null }).block,
    ).toBe('expired');
  });

  it('moves the term by one term: whole months stay whole months, other terms keep their days', () => {
    expect(nextTerm('2026-01-01', '2027-01-01')).toEqual({ dateInception: '2027-01-01', dateExpiry: '2028-01-01' });
    expect(nextTerm('2028-02-29', '2029-02-28')).toEqual({ dateInception: '2029-02-28', dateExpiry: '2030-02-28' });
    expect(nextTerm('2026-07-01', '2026-07-15')).toEqual({ dateInception: '2026-07-15', dateExpiry: '2026-07-29' });
    expect(nextTerm('2026-01-31', '2026-07-31')).toEqual({ dateInception: '2026-07-31', dateExpiry: '2027-01-31' });
    // a month and a day is not whole months: it keeps its 32 days
    expect(nextTerm('2026-01-01', '2026-02-02')).toEqual({ dateInception: '2026-02-02', dateExpiry: '2026-03-06' });
    expect(() => nextTerm('2026-13-01', '2027-01-01')).toThrow('Not calendar dates: 2026-13-01, 2027-01-01');
    expect(() => nextTerm('2026-01-01', 'soon')).toThrow(RangeError);
  });

  it('keeps a term of several whole years in years, though a 29 February makes the next one a day longer', () => {
    // 15 Jan 2026 to 15 Jan 2028 is 730 days; the next two years hold 29 February 2028: 731 days.
    expect(nextTerm('2026-01-15', '2028-01-15')).toEqual({ dateInception: '2028-01-15', dateExpiry: '2030-01-15' });
  });
});
