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

  it('takes every open instalment when a return exceeds the later ones, and keeps the sum exact', () => {
    const plan = respreadInstalments(open, money('-200'), '2026-02-15', '2026-02-15');
    expect(plan.cancel).toEqual(['a', 'b', 'c']);
    expect(sumMoney(plan.create.map((entry) => entry.amount)).toFixed(2)).toBe('50.00');
  });

  it('a return larger than everything open is one amount owed back; nothing open gets a new instalment', () => {
    expect(respreadInstalments(open, money('-300'), '2026-01-01', '2026-01-01').create.map((e) => e.amount.toFixed(2))).toEqual(['-50.00']);
    expect(respreadInstalments([], money('12.00'), '2026-05-01', '2026-06-01').create).toEqual([
      { dueDate: '2026-06-01', amount: money('12.00') },
    ]);
    expect(respreadInstalments(open, money(0), '2026-01-01', '2026-01-01')).toEqual({ cancel: [], create: [] });
  });
});

describe('renewal eligibility', () => {
  const facts = { policyStatus: 'active', expiry: '2027-01-01', renewedById: null, openRenewalQuoteId: null, windowDays: 60 };
  it('opens 60 days before expiry and closes at expiry, once, only when active', () => {
    expect(renewalEligibility({ ...facts, today: '2026-11-01' }).block).toBe('window-not-open');
    expect(renewalEligibility({ ...facts, today: '2026-11-02' }).eligible).toBe(true);
    expect(renewalEligibility({ ...facts, today: '2026-12-31' }).eligible).toBe(true);
    expect(renewalEligibility({ ...facts, today: '2027-01-01' }).block).toBe('expired');
    expect(renewalEligibility({ ...facts, today: '2026-12-01', renewedById: 'x' }).block).toBe('already-renewed');
    expect(renewalEligibility({ ...facts, today: '2026-12-01', openRenewalQuoteId: 'q' }).block).toBe('renewal-in-progress');
    expect(renewalEligibility({ ...facts, today: '2026-12-01', policyStatus: 'terminated' }).block).toBe('not-active');
  });

  it('moves the term by one term: whole months stay whole months, other terms keep their days', () => {
    expect(nextTerm('2026-01-01', '2027-01-01')).toEqual({ dateInception: '2027-01-01', dateExpiry: '2028-01-01' });
    expect(nextTerm('2028-02-29', '2029-02-28')).toEqual({ dateInception: '2029-02-28', dateExpiry: '2030-02-28' });
    expect(nextTerm('2026-07-01', '2026-07-15')).toEqual({ dateInception: '2026-07-15', dateExpiry: '2026-07-29' });
  });
});
