import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso } from '../support/dates';
import { tenantId as tenantIdOf, withDatabase } from '../support/db';
import { brokenInvariants, ledgerInvariants } from '../support/invariants';
import { boundQuote, calculatedQuote, examplePayload, issuePolicy, waitForRequest } from '../support/lifecycle';

// API-CONTRACT §6 under contention: exactly-once effects, no lost update, no double policy
// number, a balanced journal.

const BASE = '/api/v1/ledger/sales/policies';
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('concurrent changes to one record', () => {
  it('eight updates with the same If-Match: exactly one wins, the others are 409, the winner’s value is stored', async () => {
    const id = await calculatedQuote(broker, 'home');
    const etag = (await call(`${BASE}/${id}`, { token: broker })).headers.get('etag')!;
    const phones = Array.from({ length: 8 }, (_, index) => `+44 20 7946 10${String(index).padStart(2, '0')}`);
    const results = await Promise.all(
      phones.map((phone) =>
        call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { customer: { phone } }, headers: { 'if-match': etag } }),
      ),
    );
    const winners = results.flatMap((result, index) => (result.status === 200 ? [phones[index]!] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(7);
    const after = await call(`${BASE}/${id}`, { token: broker });
    expect(after.body[0].data.customer.phone).toBe(winners[0]);
  });

  it('six updates of different fields without If-Match: every acknowledged change survives (no lost update)', async () => {
    const id = await calculatedQuote(broker, 'home');
    const changes = [
      { customer: { phone: '+44 20 7946 2001' } },
      { customer: { email: 'concurrent.one@example.com' } },
      { agent: { name: 'Concurrent Agents Ltd' } },
      { agent: { code: 'AG-7777' } },
      { customer: { address: { line1: '1 Race Street' } } },
      { customer: { firstName: 'Racy' } },
    ];
    const results = await Promise.all(changes.map((body) => call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body })));
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    const stored = (await call(`${BASE}/${id}`, { token: broker })).body[0].data;
    const acknowledged = changes.filter((_, index) => results[index]!.status === 200);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const change of acknowledged) expect(stored).toMatchObject(change);
  });

  it('ten concurrent binds: exactly one 200, one quote.bound event', async () => {
    const id = await calculatedQuote(broker, 'pet');
    const results = await Promise.all(Array.from({ length: 10 }, () => call(`${BASE}/${id}/bind`, { token: broker, body: {} })));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(9);
    const bound = await withDatabase(
      async (client) =>
        (await client.query(`SELECT count(*) AS n FROM "Event" WHERE "policyId" = $1 AND type = 'quote.bound'`, [id])).rows[0].n,
    );
    expect(bound).toBe('1');
  });

  it('one Idempotency-Key sent five times at once: one request, the same requestId for every 200', async () => {
    const id = await boundQuote(broker, 'travel');
    const key = `chaos-${crypto.randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(`${BASE}/${id}/issue`, { token: broker, body: {}, headers: { 'idempotency-key': key } })),
    );
    const ok = results.filter((result) => result.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((result) => result.body.requestId)).size).toBe(1);
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    await waitForRequest(broker, ok[0]!.body.requestId);
    const requests = await withDatabase(
      async (client) =>
        (await client.query(`SELECT count(*) AS n FROM "Request" WHERE "policyId" = $1 AND type = 'issue'`, [id])).rows[0].n,
    );
    expect(requests).toBe('1');
  });

  it('twelve quotes created at once in each of two tenants: distinct quote numbers in each', async () => {
    const globex = await tokenFor('globex-broker');
    const create = async (token: string, tenant: string) =>
      call(`${BASE}/create`, { token, tenant, body: await examplePayload(token, 'home', tenant) });
    const [acme, other] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => create(broker, 'acme'))),
      Promise.all(Array.from({ length: 12 }, () => create(globex, 'globex'))),
    ]);
    for (const created of [...acme, ...other]) expect(created.status, created.text).toBe(200);
    const numbersOf = (results: typeof acme) => results.map((result) => result.body.meta.quoteNumber as string);
    for (const numbers of [numbersOf(acme), numbersOf(other)]) {
      expect(new Set(numbers).size).toBe(12);
      for (const number of numbers) expect(number).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{6}$`));
    }
  });

  it('invoice numbers stay gapless per tenant and year', async () => {
    const acme = await tenantIdOf('acme');
    const numbers = await withDatabase(
      async (client) => (await client.query<{ number: string }>(`SELECT "number" FROM "Invoice" WHERE "tenantId" = $1`, [acme])).rows,
    );
    const byYear = new Map<string, number[]>();
    for (const { number } of numbers) {
      const [, year, value] = /^INV-(\d{4})-(\d{6})$/.exec(number)!;
      byYear.set(year!, [...(byYear.get(year!) ?? []), Number(value)]);
    }
    expect(byYear.size).toBeGreaterThan(0);
    for (const values of byYear.values()) {
      const sorted = values.sort((a, b) => a - b);
      expect(sorted).toEqual(sorted.map((_, index) => index + 1));
    }
  });

  it('twenty quotes issued at once: twenty distinct policy numbers, every journal entry balanced', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, index) => boundQuote(broker, (['home', 'travel', 'pet'] as const)[index % 3])),
    );
    const started = await Promise.all(ids.map((id) => call(`${BASE}/${id}/issue`, { token: broker, body: {} })));
    expect(started.every((result) => result.status === 200)).toBe(true);
    const settled = await Promise.all(started.map((result) => waitForRequest(broker, result.body.requestId)));
    expect(settled.every((request) => request.status === 'success')).toBe(true);
    const numbers = settled.map((request) => request.data.policyNumber as string);
    expect(new Set(numbers).size).toBe(20);
    const invariants = await ledgerInvariants();
    expect(brokenInvariants(invariants)).toEqual({});
    expect(invariants.issuedPolicies).toBeGreaterThanOrEqual(20);
  });
});

describe('concurrent changes to one policy (MTA, termination)', () => {
  async function inception(id: string): Promise<string> {
    return withDatabase(
      async (client) =>
        (await client.query<{ d: string }>(`SELECT to_char("dateInception", 'YYYY-MM-DD') AS d FROM "Policy" WHERE id = $1`, [id])).rows[0]!
          .d,
    );
  }

  it('five MTAs at once: each acknowledged one is its own version, versions are gapless, the journal balances', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const effectiveDate = addDaysIso(await inception(id), 30);
    const results = await Promise.all(
      [41_000, 42_000, 43_000, 44_000, 45_000].map((sumInsured) =>
        call(`/api/v1/ledger/policies/${id}/mta`, { token: broker, body: { effectiveDate, objects: [{ sumInsured }] } }),
      ),
    );
    for (const result of results) expect([200, 409], result.text).toContain(result.status);
    const applied = results.filter((result) => result.status === 200);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    const versions = await withDatabase(async (client) =>
      (
        await client.query<{ version: number }>(`SELECT version FROM "PolicyVersion" WHERE "policyId" = $1 ORDER BY version`, [id])
      ).rows.map((row) => row.version),
    );
    expect(versions).toEqual(Array.from({ length: applied.length + 1 }, (_, index) => index + 1));
    expect(new Set(applied.map((result) => result.body.meta.version)).size).toBe(applied.length);
    expect(brokenInvariants(await ledgerInvariants())).toEqual({});
  });

  it('five terminations at once: exactly one applies, one credit note', async () => {
    const { id } = await issuePolicy(broker, 'pet');
    const effectiveDate = addDaysIso(await inception(id), 10);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(`/api/v1/ledger/policies/${id}/terminate`, { token: broker, body: { effectiveDate, reason: 'pet-rehomed' } }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(4);
    const terminated = await withDatabase(
      async (client) =>
        (await client.query(`SELECT count(*) AS n FROM "Event" WHERE "policyId" = $1 AND type LIKE '%terminat%'`, [id])).rows[0].n,
    );
    expect(terminated).toBe('1');
    expect(brokenInvariants(await ledgerInvariants())).toEqual({});
  });
});
