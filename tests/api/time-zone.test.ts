import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, todayIn } from '../support/dates';
import { withDatabase } from '../support/db';
import { calculatedQuote, waitForRequest } from '../support/lifecycle';

// "Today" is the tenant's local date (DOMAIN.md §1), tested at the instant it matters: 23:30 UTC
// on the eve of inception. The test stack honours X-Ledger-Test-Now (LEDGER_TEST_CLOCK=enabled,
// tests/support/test-stack.ts) so a request can stand at that instant.
//   CET (winter): 23:30 UTC on 14 Jan is 00:30 on 15 Jan in Berlin, still 14 Jan in London (GMT).
//   BST (summer): 23:30 UTC on 14 Jul is 00:30 on 15 Jul in London.
// globex is moved to Europe/Berlin for this file and moved back afterwards.

const SALES = '/api/v1/ledger/sales/policies';
const POLICIES = '/api/v1/ledger/policies';
const CLOCK = 'x-ledger-test-now';
let acme: string;
let globex: string;
let globexZone: string;

/** The next 15 January / 15 July after today: always ahead, always in winter / summer time. */
function next(monthDay: '01-15' | '07-15'): string {
  const today = todayIn('UTC');
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${monthDay}`;
  return candidate > today ? candidate : `${year + 1}-${monthDay}`;
}

const eveAt2330Utc = (inception: string) => `${addDaysIso(inception, -1)}T23:30:00Z`;

beforeAll(async () => {
  acme = await tokenFor('acme-broker');
  globex = await tokenFor('globex-broker');
  globexZone = await withDatabase(async (client) => {
    const before = await client.query<{ timeZone: string }>(`SELECT "timeZone" FROM "Tenant" WHERE tag = 'globex'`);
    await client.query(`UPDATE "Tenant" SET "timeZone" = 'Europe/Berlin' WHERE tag = 'globex'`);
    return before.rows[0]!.timeZone;
  });
});

afterAll(async () => {
  await withDatabase((client) => client.query(`UPDATE "Tenant" SET "timeZone" = $1 WHERE tag = 'globex'`, [globexZone]));
});

/** A home policy incepting on `inception`, bound with the clock at `bindAt`, then issued. */
async function issuedFrom(token: string, tenant: string, inception: string, bindAt: string): Promise<string> {
  const id = await calculatedQuote(
    token,
    'home',
    (payload) =>
      Object.assign(payload.policy, { dateInception: inception, dateExpiry: `${Number(inception.slice(0, 4)) + 1}${inception.slice(4)}` }),
    tenant,
  );
  const bound = await call(`${SALES}/${id}/bind`, { token, tenant, body: {}, headers: { [CLOCK]: bindAt } });
  expect(bound.status, bound.text).toBe(200);
  const issued = await call(`${SALES}/${id}/issue`, { token, tenant, body: {} });
  expect(issued.status, issued.text).toBe(200);
  expect((await waitForRequest(token, issued.body.requestId, tenant)).status).toBe('success');
  return id;
}

const pay = (token: string, tenant: string, id: string, receivedOn: string, at: string) =>
  call(`${POLICIES}/${id}/payments`, {
    token,
    tenant,
    body: { amount: 1, currency: 'GBP', receivedOn, method: 'card' },
    headers: { [CLOCK]: at },
  });

const terminateFrom = (token: string, tenant: string, id: string, effectiveDate: string, at: string) =>
  call(`${POLICIES}/${id}/terminate`, {
    token,
    tenant,
    body: { effectiveDate, reason: 'customer-request', terminationType: 'pro-rata' },
    headers: { [CLOCK]: at },
  });

describe('CET: at 23:30 UTC on the eve of inception it is already inception day in Berlin', () => {
  it('Berlin: binding a minute later is too late, a payment dated inception day is not in the future, a termination from it is immediate', async () => {
    const inception = next('01-15');
    const eve = eveAt2330Utc(inception);
    // 23:30 UTC on inception day is the next day in Berlin: inception is then in the past.
    const late = await calculatedQuote(globex, 'home', (payload) => (payload.policy.dateInception = inception), 'globex');
    const refused = await call(`${SALES}/${late}/bind`, {
      token: globex,
      tenant: 'globex',
      body: {},
      headers: { [CLOCK]: `${inception}T23:30:00Z` },
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toContainEqual({
      path: '/policy/dateInception',
      message: `Inception date ${inception} is in the past (today is ${addDaysIso(inception, 1)})`,
    });

    const id = await issuedFrom(globex, 'globex', inception, eve);
    const paid = await pay(globex, 'globex', id, inception, eve);
    expect(paid.status, paid.text).toBe(201);
    const terminated = await terminateFrom(globex, 'globex', id, inception, eve);
    expect(terminated.status, terminated.text).toBe(200);
    expect(terminated.body.meta.status).toBe('terminated');
  });

  it('London (GMT) at the same instant: still the eve, so the payment is in the future and the termination waits', async () => {
    const inception = next('01-15');
    const eve = eveAt2330Utc(inception);
    const id = await issuedFrom(acme, 'acme', inception, eve);
    const early = await pay(acme, 'acme', id, inception, eve);
    expect(early.status, early.text).toBe(422);
    expect(early.body.errors).toEqual([{ path: '/receivedOn', message: `may not be after today, ${addDaysIso(inception, -1)}` }]);
    const pending = await terminateFrom(acme, 'acme', id, inception, eve);
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.meta.status).toBe('pending-termination');
  });
});

describe('BST: at 23:30 UTC on the eve of inception it is already inception day in London', () => {
  it('London in summer: a payment dated inception day is accepted and a termination from it is immediate', async () => {
    const inception = next('07-15');
    const eve = eveAt2330Utc(inception);
    const id = await issuedFrom(acme, 'acme', inception, eve);
    const paid = await pay(acme, 'acme', id, inception, eve);
    expect(paid.status, paid.text).toBe(201);
    const terminated = await terminateFrom(acme, 'acme', id, inception, eve);
    expect(terminated.status, terminated.text).toBe(200);
    expect(terminated.body.meta.status).toBe('terminated');
  });
});

describe('the test clock', () => {
  it('refuses a malformed instant with 400 rather than guessing', async () => {
    const result = await call('/api/v1/ledger/products', { token: acme, headers: { [CLOCK]: 'tomorrow' } });
    expect(result.status).toBe(400);
  });
});
