import { describe, expect, it } from 'vitest';
import { plainDateMessages } from './resolver';

// What the quote form says about dates before the server does (English: no browser language here).
const NOW = new Date(2026, 10, 23, 12, 0); // 23 Nov 2026, noon in the machine's zone

describe('plain date messages', () => {
  it('says why typed text is not a date instead of the schema’s ISO sentence', () => {
    const messages = [
      { path: '/policy/dateInception', message: 'Inception date must be a calendar date (YYYY-MM-DD)' },
      { path: '/customer/email', message: 'E-mail must be a valid e-mail address' },
    ];
    const values = { policy: { dateInception: '31/02/2027' }, customer: { email: 'x' } };
    expect(plainDateMessages(messages, values, [], NOW)).toEqual([
      { path: '/policy/dateInception', message: 'Inception date: February 2027 has 28 days, so there is no 31 February.' },
      { path: '/customer/email', message: 'E-mail must be a valid e-mail address' },
    ]);
  });

  it('catches an inception that has clearly passed (before yesterday), leaving yesterday to the server', () => {
    const at = (dateInception: string) => plainDateMessages([], { policy: { dateInception } }, ['policy.dateInception'], NOW);
    expect(at('2026-11-21')).toEqual([
      { path: '/policy/dateInception', message: '21/11/2026 has passed: cover can start today at the earliest.' },
    ]);
    expect(at('2026-11-22')).toEqual([]);
    expect(at('2026-11-23')).toEqual([]);
    expect(at('2027-01-01')).toEqual([]);
    // Only the fields named, and not twice when the schema already objects.
    expect(plainDateMessages([], { policy: { dateInception: '2020-01-01' } }, [], NOW)).toEqual([]);
    const already = [{ path: '/policy/dateInception', message: 'Inception date is required' }];
    expect(plainDateMessages(already, { policy: { dateInception: '2020-01-01' } }, ['policy.dateInception'], NOW)).toEqual(already);
  });
});
