import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../support/dates';
import { call, tokenFor } from '../support/api';
import { createQuote, issuePolicy } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// The quotes list's date ranges and its arrears view (issue 21). Figures worked by hand from the
// home example on the monthly plan: 43.14 (the first instalment, with the fee) then 11 × 18.10,
// the first due at inception and one a month after (DOMAIN.md §4–5, pinned in payments.test.ts).

const BASE = '/api/v1/ledger/sales/policies';
const CLOCK = 'x-ledger-test-now';
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

/** A surname no other test uses, letters only (the search looks in names). */
const uniqueName = (word: string) =>
  `${word}${[...randomUUID().replaceAll('-', '').slice(0, 10)].map((c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;

/** The first of the month `months` after the first of `date`'s month (`YYYY-MM-01`). */
function firstOfMonthAfter(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

const ids = (body: any) => body.data.map((row: any) => row.id);

describe('date ranges', () => {
  it('bounds the inception and creation dates, both ends included, and refuses a bad date or range by name', async () => {
    const surname = uniqueName('Datewise');
    const today = todayIn();
    const inceptions = [1, 2, 3].map((months) => firstOfMonthAfter(today, months));
    const created: string[] = [];
    for (const inception of inceptions) {
      created.push(
        await createQuote(broker, 'home', (payload) => {
          payload.customer.lastName = surname;
          payload.policy.dateInception = inception;
          payload.policy.dateExpiry = `${Number(inception.slice(0, 4)) + 1}${inception.slice(4)}`;
        }),
      );
    }
    const [first, second, third] = created as [string, string, string];
    const list = (query: string) => call(`${BASE}?search=${surname}&sort=dateInception&${query}`, { token: broker });

    const middle = await list(`inceptionFrom=${inceptions[1]}&inceptionTo=${inceptions[1]}`);
    expect(middle.status, middle.text).toBe(200);
    expect(ids(middle.body)).toEqual([second]);
    expect(middle.body.meta.total).toBe(1);
    expect(ids((await list(`inceptionFrom=${inceptions[1]}`)).body)).toEqual([second, third]);
    expect(ids((await list(`inceptionTo=${addDaysIso(inceptions[1]!, -1)}`)).body)).toEqual([first]);

    // Created today in the tenant's zone (London): all three; up to yesterday: none.
    expect(ids((await list(`createdFrom=${today}&createdTo=${today}`)).body)).toEqual([first, second, third]);
    expect(ids((await list(`createdTo=${addDaysIso(today, -1)}`)).body)).toEqual([]);
    expect(ids((await list(`createdFrom=${addDaysIso(today, 1)}`)).body)).toEqual([]);

    for (const [query, path] of [
      ['inceptionFrom=2027-02-31', '/query/inceptionFrom'],
      ['inceptionTo=tomorrow', '/query/inceptionTo'],
      ['createdFrom=2027-13-01', '/query/createdFrom'],
      ['inceptionFrom=2027-03-01&inceptionTo=2027-02-28', '/query/inceptionTo'],
      ['createdFrom=2027-03-01&createdTo=2027-02-28', '/query/createdTo'],
      ['payment=late', '/query/payment'],
    ] as const) {
      const refused = await call(`${BASE}?${query}`, { token: broker });
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(
        refused.body.errors.map((error: any) => error.path),
        query,
      ).toEqual([path]);
    }
  });
});

describe('the arrears view (payment=overdue)', () => {
  it('lists a policy once an instalment is past its due date, with the amount owed and the oldest due date', async () => {
    const surname = uniqueName('Arrears');
    const { id } = await issuePolicy(broker, 'home', (payload) => {
      payload.customer.lastName = surname;
    });
    const row = (await call(`${BASE}?search=${surname}`, { token: broker })).body.data[0];
    expect(row.id).toBe(id);
    const inception: string = row.dateInception;
    // Nothing is due before inception: no arrears today.
    expect(row.overdue).toBeNull();
    const today = await call(`${BASE}?search=${surname}&payment=overdue`, { token: broker });
    expect(today.body.data).toEqual([]);

    // 40 days after inception (noon in London) the first two instalments have fallen due: 43.14 + 18.10 = 61.24.
    const later = { [CLOCK]: `${addDaysIso(inception, 40)}T12:00:00Z` };
    const overdue = await call(`${BASE}?search=${surname}&payment=overdue`, { token: broker, headers: later });
    expect(overdue.status, overdue.text).toBe(200);
    expect(ids(overdue.body)).toEqual([id]);
    expect(overdue.body.meta.total).toBe(1);
    expect(overdue.body.data[0].overdue).toEqual({ amount: 61.24, currency: 'GBP', oldestDueDate: inception });

    // Paying the first instalment leaves the second: 18.10, due a month after inception.
    const paid = await call(`/api/v1/ledger/policies/${id}/payments`, {
      token: broker,
      headers: { 'idempotency-key': randomUUID() },
      body: { amount: 43.14, currency: 'GBP', receivedOn: todayIn(), method: 'bank-transfer', reference: 'REF-ARREARS' },
    });
    expect(paid.status, paid.text).toBe(201);
    const after = await call(`${BASE}?search=${surname}&payment=overdue`, { token: broker, headers: later });
    expect(after.body.data[0].overdue).toEqual({ amount: 18.1, currency: 'GBP', oldestDueDate: firstOfMonthAfter(inception, 1) });

    // Paying that too: out of the view.
    const rest = await call(`/api/v1/ledger/policies/${id}/payments`, {
      token: broker,
      headers: { 'idempotency-key': randomUUID() },
      body: { amount: 18.1, currency: 'GBP', receivedOn: todayIn(), method: 'bank-transfer', reference: 'REF-ARREARS-2' },
    });
    expect(rest.status, rest.text).toBe(201);
    expect((await call(`${BASE}?search=${surname}&payment=overdue`, { token: broker, headers: later })).body.data).toEqual([]);
  });
});
