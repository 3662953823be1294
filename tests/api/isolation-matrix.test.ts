import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@/lib/api/endpoint';
import { mayAct, type Role } from '@/lib/auth/roles';
import { call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { fillPath, isRecordParam, ledgerEndpoints, pathParams, sampleBody } from '../support/endpoints';
import { calculatedQuote, issuePolicy } from '../support/lifecycle';

// API-CONTRACT §1: another tenant's id answers 404 exactly like an unknown one, on every
// endpoint that takes an id (taken from the endpoint registry, so new endpoints are covered).

interface Records {
  label: string;
  values: Record<string, string>;
}

const idEndpoints = ledgerEndpoints().filter((endpoint) => pathParams(endpoint).some(isRecordParam));
let globexRecords: Records[];
/** Strings of globex's records that no acme answer may contain (unless the caller put them in the path). */
let secrets: string[];
let snapshotSql: string;

/** The path values for one record; a document's or a webhook's own endpoints take its ids. */
function valuesFor(endpoint: Endpoint, record: Records): Record<string, string> {
  if (endpoint.path.startsWith('/api/v1/ledger/documents/')) return { ...record.values, id: record.values.documentId! };
  if (endpoint.path.startsWith('/api/v1/ledger/webhooks/')) return { ...record.values, id: record.values.subscriptionId! };
  return record.values;
}

/** The owner's client that may call an endpoint: webhooks are for admins. */
const ownerClient = (endpoint: Endpoint) =>
  endpoint.roles === 'public' || mayAct(['broker'], endpoint.roles) ? 'globex-broker' : 'globex-admin';

async function globexSnapshot(ids: string[]): Promise<unknown> {
  return withDatabase(async (client) => (await client.query(snapshotSql, [ids])).rows);
}

beforeAll(async () => {
  const globex = await tokenFor('globex-broker');
  // A webhook subscription with one delivery (the travel quote's creation), so the webhook
  // endpoints are tried on globex's real subscription and delivery too.
  const subscribed = await call('/api/v1/ledger/webhooks', {
    token: await tokenFor('globex-admin'),
    tenant: 'globex',
    body: { url: 'http://127.0.0.1:9/ledger-events', eventTypes: ['quote.created'] },
  });
  expect(subscribed.status, subscribed.text).toBe(201);
  const subscription = (subscribed.body as { id: string }).id;
  const policy = await issuePolicy(globex, 'home', undefined, 'globex');
  const quote = await calculatedQuote(globex, 'travel', undefined, 'globex');
  const globexId = await tenantId('globex');
  const delivery = await withDatabase(
    async (client) =>
      (await client.query<{ id: string }>(`SELECT id FROM "WebhookDelivery" WHERE "subscriptionId" = $1 LIMIT 1`, [subscription])).rows[0]
        ?.id,
  );
  expect(delivery, 'no delivery was recorded for the globex subscription').toBeDefined();
  // The issue documents are rendered by a job; wait for one so the download endpoint is tried on a real document.
  let document: string | undefined;
  for (let attempt = 0; attempt < 100 && !document; attempt++) {
    document = await withDatabase(
      async (client) =>
        (await client.query<{ id: string }>(`SELECT id FROM "Document" WHERE "tenantId" = $1 LIMIT 1`, [globexId])).rows[0]?.id,
    );
    if (!document) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(document, 'no document was generated for the issued globex policy').toBeDefined();
  const request = await withDatabase(
    async (client) =>
      (await client.query<{ id: string }>(`SELECT id FROM "Request" WHERE "policyId" = $1 LIMIT 1`, [policy.id])).rows[0]!.id,
  );
  const paid = await call(`/api/v1/ledger/policies/${policy.id}/payments`, {
    token: globex,
    tenant: 'globex',
    body: { amount: 10, currency: 'GBP', receivedOn: new Date().toISOString().slice(0, 10), method: 'card' },
  });
  expect(paid.status, paid.text).toBe(201);
  const ids = { request, document: document!, subscription, delivery: delivery!, payment: paid.body.data.id as string };
  const recordValues = (id: string): Record<string, string> => ({
    id,
    requestId: ids.request,
    policyId: id,
    documentId: ids.document,
    subscriptionId: ids.subscription,
    deliveryId: ids.delivery,
    paymentId: ids.payment,
  });
  globexRecords = [
    { label: 'issued policy', values: recordValues(policy.id) },
    { label: 'calculated quote', values: recordValues(quote) },
  ];
  secrets = [policy.policyNumber, policy.id, quote, ids.request, ids.document, ids.subscription, ids.delivery, ids.payment];
  snapshotSql = `SELECT id, status, "policyStatus", revision, data, calculation, "currentVersion",
      (SELECT count(*) FROM "Event" e WHERE e."policyId" = p.id) AS events,
      (SELECT count(*) FROM "Request" r WHERE r."policyId" = p.id) AS requests
    FROM "Policy" p WHERE id = ANY($1::uuid[]) ORDER BY id`;
}, 120_000);

describe('tenant isolation matrix (every id-bearing endpoint)', () => {
  it('covers every id-bearing endpoint in the registry', () => {
    expect(idEndpoints.length).toBeGreaterThanOrEqual(14);
  });

  it("answers 404 to another tenant's valid token for every endpoint and record, and changes nothing", async () => {
    const ids = globexRecords.map((record) => record.values.id!);
    const before = await globexSnapshot(ids);
    const outcomes: string[] = [];
    let checked = 0;
    const callers: [string, Role][] = [
      ['acme-broker', 'broker'],
      ['acme-admin', 'admin'],
      ['acme-underwriter', 'underwriter'],
    ];
    for (const [clientId, role] of callers) {
      const token = await tokenFor(clientId);
      for (const endpoint of idEndpoints) {
        // A role that may not call the endpoint at all is 403 for every id, known or not: that
        // reveals nothing. Every caller that may call it gets 404, as for an unknown id.
        const expected = endpoint.roles === 'public' || mayAct([role], endpoint.roles) ? 404 : 403;
        for (const record of globexRecords) {
          const path = fillPath(endpoint, valuesFor(endpoint, record));
          const result = await call(path, { method: endpoint.method, token, tenant: 'acme', body: sampleBody(endpoint) });
          checked++;
          if (result.status !== expected) {
            outcomes.push(
              `${clientId} ${endpoint.method} ${path} (${record.label}): ${result.status}, expected ${expected}: ${result.text}`,
            );
          }
          for (const secret of secrets) if (!path.includes(secret)) expect(result.text).not.toContain(secret);
        }
      }
    }
    expect(outcomes).toEqual([]);
    expect(checked).toBe(3 * idEndpoints.length * globexRecords.length);
    expect(await globexSnapshot(ids)).toEqual(before);
  });

  it('control: the owner reads the same records through the same GET endpoints', async () => {
    const missing: string[] = [];
    const gets = idEndpoints.filter((candidate) => candidate.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const endpoint of gets) {
      const path = fillPath(endpoint, valuesFor(endpoint, globexRecords[0]!));
      const result = await call(path, { token: await tokenFor(ownerClient(endpoint)), tenant: 'globex' });
      // Found: a 2xx answer, or a 409 that names the record's state (it exists, the action waits).
      const found =
        (result.status >= 200 && result.status < 300) || (result.status === 409 && typeof result.body?.currentState === 'string');
      if (!found) missing.push(`${path}: ${result.status} ${result.text.slice(0, 200)}`);
    }
    expect(missing).toEqual([]);
  });

  it('an unknown id and a foreign id give the same answer apart from the id itself', async () => {
    const token = await tokenFor('acme-broker');
    const foreign = globexRecords[0]!.values.id!;
    const unknown = '00000000-0000-4000-8000-000000000001';
    const a = await call(`/api/v1/ledger/sales/policies/${foreign}`, { token });
    const b = await call(`/api/v1/ledger/sales/policies/${unknown}`, { token });
    expect([a.status, b.status]).toEqual([404, 404]);
    const shape = (body: Record<string, unknown>, id: string) =>
      JSON.stringify({ ...body, correlationId: undefined, instance: undefined, detail: String(body.detail).replace(id, 'ID') });
    expect(shape(a.body, foreign)).toBe(shape(b.body, unknown));
  });

  it('lists and searches never include another tenant’s records', async () => {
    const token = await tokenFor('acme-broker');
    const list = await call('/api/v1/ledger/sales/policies?pageSize=100', { token });
    expect(list.status).toBe(200);
    const ids = new Set(list.body.data.map((row: { id?: string; policy?: { id?: string } }) => row.id ?? row.policy?.id));
    for (const record of globexRecords) expect(ids.has(record.values.id)).toBe(false);
    const search = await call(`/api/v1/ledger/sales/policies?search=${encodeURIComponent('GLOBEX')}`, { token });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).not.toMatch(/GLOBEX-/);
  });
});

describe('row-level security on its own (no where clause)', () => {
  async function tenantTables(): Promise<string[]> {
    return withDatabase(async (client) =>
      (
        await client.query<{ t: string }>(`SELECT tablename AS t FROM pg_policies WHERE policyname = 'tenant_isolation' ORDER BY 1`)
      ).rows.map((row) => row.t),
    );
  }

  it('every table with a tenantId column has the isolation policy', async () => {
    const tables = await tenantTables();
    const withTenantColumn = await withDatabase(async (client) =>
      (
        await client.query<{ t: string }>(
          `SELECT table_name AS t FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenantId'
           AND table_name NOT IN ('Job') ORDER BY 1`,
        )
      ).rows.map((row) => row.t),
    );
    expect(withTenantColumn.filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('as ledger_tenant with acme set, SELECT and UPDATE without a where see only acme rows, in every tenant table', async () => {
    const tables = await tenantTables();
    const [acme, globex] = [await tenantId('acme'), await tenantId('globex')];
    const report = await withDatabase(async (client) => {
      const rows: {
        table: string;
        own: number;
        foreign: number;
        seenAsAcme: number;
        foreignAsAcme: number;
        updatable: number;
        seenByUpdate: number;
      }[] = [];
      for (const table of tables) {
        // The owner's count and acme's count in one snapshot: other test files and the workers
        // keep writing while this runs, and two snapshots would count different rows.
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const totals = (
          await client.query<{ total: string; theirs: string; own: string }>(
            `SELECT count(*) AS total, count(*) FILTER (WHERE "tenantId" = $1) AS theirs, count(*) FILTER (WHERE "tenantId" = $2) AS own
             FROM "${table}"`,
            [globex, acme],
          )
        ).rows[0]!;
        await client.query("SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)", [acme]);
        const seen = (
          await client.query<{ seen: string; theirs: string }>(
            `SELECT count(*) AS seen, count(*) FILTER (WHERE "tenantId" <> $1) AS theirs FROM "${table}"`,
            [acme],
          )
        ).rows[0]!;
        await client.query('ROLLBACK');
        // The UPDATE and the count it is compared with in one statement, so in one snapshot too.
        await client.query('BEGIN');
        await client.query("SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)", [acme]);
        const updated = await client
          .query<{ updated: string; seen: string }>(
            `WITH touched AS (UPDATE "${table}" SET "tenantId" = "tenantId" RETURNING 1)
             SELECT (SELECT count(*) FROM touched) AS updated, (SELECT count(*) FROM "${table}") AS seen`,
          )
          .then(
            (result) => ({ updatable: Number(result.rows[0]!.updated), seenByUpdate: Number(result.rows[0]!.seen) }),
            () => ({ updatable: -1, seenByUpdate: -1 }), // append-only tables refuse updates outright
          );
        await client.query('ROLLBACK');
        rows.push({
          table,
          own: Number(totals.own),
          foreign: Number(totals.theirs),
          seenAsAcme: Number(seen.seen),
          foreignAsAcme: Number(seen.theirs),
          ...updated,
        });
      }
      return rows;
    });
    expect(report.length).toBeGreaterThanOrEqual(12);
    for (const row of report) {
      expect(row.foreignAsAcme, row.table).toBe(0);
      expect(row.seenAsAcme, row.table).toBe(row.own);
      if (row.updatable >= 0) expect(row.updatable, row.table).toBe(row.seenByUpdate);
    }
    // The proof needs foreign rows to hide: globex owns some in the main tables.
    for (const table of ['Policy', 'Request', 'Event', 'JournalEntry']) {
      expect(report.find((row) => row.table === table)!.foreign, table).toBeGreaterThan(0);
    }
  });

  it('with no tenant set, ledger_tenant sees nothing at all', async () => {
    const seen = await withDatabase(async (client) => {
      await client.query('BEGIN');
      await client.query("SELECT set_config('role', 'ledger_tenant', true)");
      const count = (await client.query<{ n: string }>('SELECT count(*) AS n FROM "Policy"')).rows[0]!.n;
      await client.query('ROLLBACK');
      return Number(count);
    });
    expect(seen).toBe(0);
  });
});
