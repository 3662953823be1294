import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@/lib/api/endpoint';
import { call, tokenFor, type CallResult } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { fillPath, isRecordParam, ledgerEndpoints, pathParams } from '../support/endpoints';
import { INTERNAL_DETAIL } from '../support/leaks';
import { calculatedQuote, examplePayload } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- fuzzed JSON of any shape */

// Property-based fuzzing of every endpoint's body, query and path (API-CONTRACT §2): whatever
// arrives, the answer is never a 5xx, never leaks an internal detail, and a rejected call
// changes nothing stored.

const RUNS_PER_ENDPOINT = Number(process.env.LEDGER_FUZZ_RUNS ?? 60);
let fuzzed = 0;
let broker: string;
let acmeId: string;
let example: Record<string, any>;

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  123456789.123456789,
  '',
  ' ',
  'NaN',
  'Infinity',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31T25:61:61Z',
  '1e309',
  '\u202e\u0000\ud83d\ude00\u0301',
  'Ω≈ç√∫˜µ≤≥÷',
  '\'; DROP TABLE "Policy"; --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  'x'.repeat(20_000),
  [],
  {},
  [[[[[]]]]],
  { $gt: '' },
  { __proto__: { admin: true } },
];

const weird = fc.oneof(fc.constantFrom(...WEIRD_VALUES), fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 40 }));

/** Fields a client must never be able to set (mass assignment). */
const PRIVILEGED = fc.record(
  {
    status: fc.constantFrom('issued', 'bound', 'calculated'),
    tenantId: fc.uuid(),
    premium: fc.constantFrom(0, 1, -100),
    policyNumber: fc.constant('ACME-HOME-2026-999999'),
    revision: fc.integer(),
    meta: fc.constant({ status: 'issued', version: '9' }),
    id: fc.uuid(),
  },
  { requiredKeys: [] },
);

function paths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => paths(item, [...prefix, key]))];
}

function setAt(target: any, path: string[], value: unknown): any {
  if (path.length === 0) return value;
  const copy = structuredClone(target);
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key];
  cursor[path.at(-1)!] = value;
  return copy;
}

function deepNesting(depth: number, asArray: boolean): string {
  return asArray ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface Attempt {
  id: string;
  query: Record<string, string>;
  body: { json?: unknown; raw?: string; contentType?: string };
}

/** A JSON body of any shape, or a valid base with one field made weird and privileged fields added. */
function bodyArbitrary(base: unknown): fc.Arbitrary<Attempt['body']> {
  const fieldPaths = paths(base);
  return fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((json) => ({ json })) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...fieldPaths), weird, PRIVILEGED, fc.boolean())
        .map(([path, value, privileged, addPrivileged]) => {
          let json = setAt(base, path, value);
          if (addPrivileged && json && typeof json === 'object' && !Array.isArray(json)) {
            json = { ...json, ...privileged };
            if (json.policy && typeof json.policy === 'object') json.policy = { ...json.policy, ...privileged, id: json.policy.id };
          }
          return { json };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
        .map(([depth, asArray]) => ({ raw: deepNesting(depth, asArray) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom('application/json', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', ''),
        )
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom({ raw: '{"a":1,"a":2}' }, { raw: '[1,2,' }, { raw: '\uFEFF{}' }, { raw: 'null' }, { raw: '1e999999' }),
    },
  );
}

function idArbitrary(target: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(target) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("' OR '1'='1", '%00', 'null', '0', '-1', 'a'.repeat(5000), `${target}'`, target.toUpperCase()),
    },
  );
}

function queryArbitrary(endpoint: Endpoint): fc.Arbitrary<Record<string, string>> {
  const shape = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const keys = [...Object.keys(shape), 'status', 'tenantId', 'page', '__proto__'];
  const value = fc.oneof(
    fc.constantFrom('true', 'false', '1', '0', '-1', '1e9', 'NaN', '', 'calculated', 'a'.repeat(500)),
    fc.string({ maxLength: 30 }),
  );
  return fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 });
}

/** What a call may not change when it is rejected: the target row, and what exists for the tenant. */
async function snapshot(id: string): Promise<string> {
  return withDatabase(async (client) => {
    const row = (
      await client.query(
        `SELECT status, "policyStatus", "policyNumber", data, calculation, enrichment, revision, "tenantId", "currentVersion",
          (SELECT count(*) FROM "Policy" WHERE "tenantId" = $2) AS policies,
          (SELECT count(*) FROM "Request" WHERE "tenantId" = $2) AS requests,
          (SELECT count(*) FROM "JournalEntry" WHERE "tenantId" = $2) AS entries
         FROM "Policy" WHERE id = $1`,
        [id, acmeId],
      )
    ).rows[0];
    return JSON.stringify(row);
  });
}

async function settle(id: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const pending = await withDatabase(async (client) =>
      Number(
        (await client.query(`SELECT count(*) AS n FROM "Job" WHERE payload->>'policyId' = $1 AND "failedAt" IS NULL`, [id])).rows[0].n,
      ),
    );
    if (pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`jobs of ${id} did not settle`);
}

function send(endpoint: Endpoint, target: string, attempt: Attempt): Promise<CallResult> {
  const values = Object.fromEntries(
    pathParams(endpoint).map((name) => [name, isRecordParam(name) ? attempt.id : attempt.id.length % 2 ? 'home' : attempt.id]),
  );
  const query = new URLSearchParams(attempt.query).toString();
  const path = `${fillPath(endpoint, values)}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {};
  if (attempt.body.contentType !== undefined) headers['content-type'] = attempt.body.contentType;
  else if (attempt.body.raw !== undefined) headers['content-type'] = 'application/json';
  fuzzed++;
  return call(path, {
    method: endpoint.method,
    token: broker,
    headers,
    ...(attempt.body.json !== undefined ? { body: attempt.body.json } : { rawBody: attempt.body.raw }),
  });
}

function baseBodyFor(endpoint: Endpoint, id: string): unknown {
  switch (endpoint.operationId) {
    case 'createQuote':
      return example;
    case 'updateQuote':
    case 'calculateQuote':
      return { policy: { ...example.policy, id }, customer: example.customer, objects: example.objects };
    default:
      return endpoint.body ? {} : undefined;
  }
}

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  acmeId = await tenantId('acme');
  example = await examplePayload(broker, 'home');
});

afterAll(() => {
  console.info(`fuzz: ${fuzzed} requests fuzzed across ${ledgerEndpoints().length} endpoints`);
});

describe('property-based fuzzing of every endpoint (body, query, path)', () => {
  for (const endpoint of ledgerEndpoints()) {
    it(`${endpoint.method} ${endpoint.path}: never 5xx, never internals, a rejected call changes nothing`, async () => {
      const target = await calculatedQuote(broker, 'home');
      const base = baseBodyFor(endpoint, target);
      const attempt = fc.record({
        id: idArbitrary(target),
        query: queryArbitrary(endpoint),
        body: endpoint.method === 'GET' ? fc.constant({}) : bodyArbitrary(base),
      });
      let before = await snapshot(target);
      await fc.assert(
        fc.asyncProperty(attempt, async (input) => {
          const result = await send(endpoint, target, input);
          expect(result.status, result.text.slice(0, 500)).toBeLessThan(500);
          expect(result.text).not.toMatch(INTERNAL_DETAIL);
          if (result.status >= 400) {
            expect(await snapshot(target), `${endpoint.operationId} ${result.status} changed the stored quote`).toBe(before);
          } else if (endpoint.method !== 'GET') {
            await settle(target);
            before = await snapshot(target);
          }
        }),
        { numRuns: endpoint.method === 'GET' ? Math.ceil(RUNS_PER_ENDPOINT / 2) : RUNS_PER_ENDPOINT, endOnFailure: true },
      );
    }, 180_000);
  }

  it('counted the fuzzed requests', () => {
    expect(fuzzed).toBeGreaterThan(ledgerEndpoints().length * 20);
  });
});

describe('mass assignment', () => {
  it('create ignores or refuses status, tenantId, premium and numbers a client tries to set', async () => {
    const globex = await tenantId('globex');
    const payload = {
      ...example,
      status: 'issued',
      tenantId: globex,
      premium: 1,
      meta: { status: 'issued' },
      policy: { ...example.policy, status: 'issued', tenantId: globex, premium: 1, policyNumber: 'ACME-HOME-2026-424242' },
    };
    const policies = async () =>
      withDatabase(async (client) =>
        Number((await client.query(`SELECT count(*) FROM "Policy" WHERE "tenantId" = $1`, [acmeId])).rows[0].count),
      );
    const before = await policies();
    const result = await call('/api/v1/ledger/sales/policies/create', { token: broker, body: payload });
    expect([200, 400, 422]).toContain(result.status);
    if (result.status !== 200) {
      // Refused: a problem answer, and nothing was created.
      expect(result.headers.get('content-type')).toContain('application/problem+json');
      expect(result.body.status).toBe(result.status);
      expect(await policies()).toBe(before);
    } else {
      expect(await policies()).toBe(before + 1);
      const row = await withDatabase(
        async (client) =>
          (
            await client.query(`SELECT status, "tenantId", "policyNumber", calculation FROM "Policy" WHERE id = $1`, [
              result.body.policy.id,
            ])
          ).rows[0],
      );
      expect(row).toMatchObject({ status: 'draft', tenantId: acmeId, policyNumber: null });
    }
  });

  it('update ignores or refuses the same fields, and the calculation is not the client’s', async () => {
    const id = await calculatedQuote(broker, 'home');
    const before = await snapshot(id);
    const result = await call(`/api/v1/ledger/sales/policies/${id}/`, {
      method: 'PUT',
      token: broker,
      body: { policy: { status: 'bound', tenantId: await tenantId('globex'), premium: 1, payable: 1 } },
    });
    expect([400, 422]).toContain(result.status);
    expect(await snapshot(id)).toBe(before);
    const top = await call(`/api/v1/ledger/sales/policies/${id}/`, {
      method: 'PUT',
      token: broker,
      body: { status: 'bound', meta: { status: 'bound' } },
    });
    expect(top.status).toBe(400);
    expect(await snapshot(id)).toBe(before);
  });
});

describe('limits on bodies', () => {
  it('413 for a body over 1 MiB on every endpoint that takes one, declared or streamed without a length', async () => {
    // The admin may call every endpoint, so the size check is what answers (roles are checked first).
    const token = await tokenFor('acme-admin');
    const id = await calculatedQuote(broker, 'travel');
    const huge = JSON.stringify({ customer: { note: 'x'.repeat(1024 * 1024 + 10) } });
    for (const endpoint of ledgerEndpoints().filter((candidate) => candidate.body)) {
      const path = fillPath(endpoint, { id, requestId: id });
      const declared = await call(path, { method: endpoint.method, token, rawBody: huge, headers: { 'content-type': 'application/json' } });
      expect(declared.status, endpoint.operationId).toBe(413);
      fuzzed++;
    }
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(100_000)));
        controller.close();
      },
    });
    const chunked = await fetch(`${(await import('../support/api')).baseUrl()}/api/v1/ledger/sales/policies/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'acme', 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});
