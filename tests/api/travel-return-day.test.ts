import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso } from '../support/dates';
import { issuePolicy } from '../support/lifecycle';

// DOMAIN.md §1: a single trip's return day is covered. A trip leaving on D and back on D + 13 is
// 14 days of cover: rated for 14 days, cover ends at the local midnight after the return day,
// and a termination may take effect on the return day itself.

const POLICIES = '/api/v1/ledger/policies';
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

/** The London wall-clock date and time of an instant (acme's zone), as `YYYY-MM-DD HH:mm`. */
function londonWallClock(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

describe('travel: the return day is covered', () => {
  it('a 14-day trip is rated for 14 days, covered through the return day, and may be terminated on it', async () => {
    let departure = '';
    let returnDay = '';
    const { id } = await issuePolicy(broker, 'travel', (payload) => {
      departure = payload.policy.dateInception;
      returnDay = addDaysIso(departure, 13);
      payload.policy.dateExpiry = returnDay;
    });
    const calculation = await call(`/api/v1/ledger/sales/policies/${id}/calculation`, { token: broker });
    // Two travellers born 1980 and 1982, both in the 40–64 band (× 1.3): 1.20 × 14 × 1.3 = 21.84
    // each, 43.68 for Europe (× 1.0); German tax 19 % of 43.68 = 8.2992 → 8.30; fee 25.
    expect(calculation.body.data).toMatchObject({ termDays: 14, net: 43.68, tax: 8.3, payable: 76.98 });

    const read = await call(`${POLICIES}/${id}/links`, { token: broker });
    expect(londonWallClock(read.body.data.policy.dateInception)).toBe(`${departure} 00:00`);
    // Cover ends when the day after the return day begins.
    expect(londonWallClock(read.body.data.policy.dateExpiry)).toBe(`${addDaysIso(returnDay, 1)} 00:00`);
    const plain = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    expect(plain.body.data.policy.dateExpiry).toBe(returnDay);

    // The return day is inside the term: one of 14 days remains. 43.68 × 1 ÷ 14 = 3.12; tax 19 % = 0.5928 → 0.59.
    const onReturnDay = await call(`${POLICIES}/${id}/terminate?dryRun=true`, {
      token: broker,
      body: { effectiveDate: returnDay, reason: 'trip-cancelled', terminationType: 'pro-rata' },
    });
    expect(onReturnDay.status, onReturnDay.text).toBe(200);
    expect(onReturnDay.body.data.returnPremium).toMatchObject({ net: 3.12, tax: 0.59 });
    const afterCover = await call(`${POLICIES}/${id}/terminate?dryRun=true`, {
      token: broker,
      body: { effectiveDate: addDaysIso(returnDay, 1), reason: 'trip-cancelled', terminationType: 'pro-rata' },
    });
    expect(afterCover.status, afterCover.text).toBe(422);
    expect(afterCover.body.errors[0].path).toBe('/effectiveDate');
  });
});
