import { decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/stack';
import { baseUrl, call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { sleep, startChaosStack } from './stack';

// Limits that need a stack of their own: a low per-tenant rate limit, a small long-poll bound
// per tenant, and a signing-key rotation.

const RATE_PER_SECOND = 5;
const BURST = 10;
const LONG_POLLS = 2;

let stack: RunningStack;
const METRICS_TOKEN = 'limits-test-metrics';

/** Long polls the app holds open now, as its metrics say (`ledger_long_polls_open`). */
async function heldLongPolls(): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const line = /^ledger_long_polls_open (\d+)$/m.exec(await response.text());
  expect(line, 'ledger_long_polls_open is missing from the metrics').not.toBeNull();
  return Number(line![1]);
}

/** Waits, polling every 50 ms for at most 10 s, until the app holds `count` long polls. */
async function untilHeld(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await heldLongPolls()) < count) {
    if (Date.now() > deadline) throw new Error(`the app never held ${count} long polls`);
    await sleep(50);
  }
}

beforeAll(async () => {
  stack = await startChaosStack('limits', {
    LEDGER_RATE_LIMIT_RPS: String(RATE_PER_SECOND),
    LEDGER_RATE_LIMIT_BURST: String(BURST),
    LEDGER_LONG_POLLS_PER_TENANT: String(LONG_POLLS),
    LEDGER_METRICS_TOKEN: METRICS_TOKEN,
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

async function pendingRequest(tag: string): Promise<string> {
  const id = await tenantId(tag);
  return withDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          `INSERT INTO "Request" ("tenantId", type, status, "createdBy") VALUES ($1, 'issue', 'pending', 'limits-test') RETURNING id`,
          [id],
        )
      ).rows[0]!.id,
  );
}

describe('long polls per tenant are bounded', () => {
  it(`beyond ${LONG_POLLS} held long polls a tenant's next one answers at once with the current state`, async () => {
    const token = await tokenFor('globex-broker');
    const requestId = await pendingRequest('globex');
    const path = `/api/v1/ledger/requests/${requestId}?longPolling=true`;
    // A plain read first, so the route is loaded and the held polls register at once.
    expect((await call(`/api/v1/ledger/requests/${requestId}`, { token, tenant: 'globex' })).status).toBe(200);
    const held = Array.from({ length: LONG_POLLS }, () => call(path, { token, tenant: 'globex' }));
    await untilHeld(LONG_POLLS);
    const t0 = Date.now();
    const extra = await call(path, { token, tenant: 'globex' });
    expect(extra.status).toBe(200);
    expect(extra.body.status).toBe('pending');
    expect(Date.now() - t0).toBeLessThan(2_000);
    // Another tenant is not affected by globex's held polls: its long poll is held as usual.
    const acmeRequest = await pendingRequest('acme');
    const acmeToken = await tokenFor('acme-broker');
    const acmePoll = call(`/api/v1/ledger/requests/${acmeRequest}?longPolling=true`, { token: acmeToken });
    await untilHeld(LONG_POLLS + 1);
    // Settling the requests wakes every held poll within moments.
    const t1 = Date.now();
    await withDatabase(async (client) => {
      // The shape a successful issue stores (every answer is held to the OpenAPI document).
      const done = { policyId: requestId, policyNumber: 'GLOBEX-HOME-2026-000998', message: 'done', invoiceNumber: 'INV-2026-000998' };
      await client.query(`UPDATE "Request" SET status = 'success', data = $2 WHERE id = ANY($1::uuid[])`, [
        [requestId, acmeRequest],
        JSON.stringify(done),
      ]);
      await client.query(`SELECT pg_notify('ledger_changes', $1), pg_notify('ledger_changes', $2)`, [
        `request:${requestId}`,
        `request:${acmeRequest}`,
      ]);
    });
    const answers = await Promise.all([...held, acmePoll]);
    expect(answers.map((answer) => answer.body.status)).toEqual(['success', 'success', 'success']);
    expect(Date.now() - t1).toBeLessThan(3_000);
  }, 60_000);
});

describe('signing keys rotate without logging anyone out', () => {
  it('a token signed before the rotation stays valid, the JWKS serves old and new keys, new tokens use the new key', async () => {
    const before = await tokenFor('acme-admin');
    const oldKid = decodeProtectedHeader(before).kid!;
    const { rotateSigningKey } = await import('@/lib/auth/keys');
    const newKid = await rotateSigningKey();
    expect(newKid).not.toBe(oldKid);
    const row = await withDatabase(
      async (client) =>
        (await client.query<{ privateJwk: JWK }>(`SELECT "privateJwk" FROM "SigningKey" WHERE kid = $1`, [newKid])).rows[0]!,
    );
    const now = Math.floor(Date.now() / 1000);
    const signedWithNew = await new SignJWT({ tenant: 'acme', roles: ['admin'] })
      .setProtectedHeader({ alg: 'ES256', kid: newKid })
      .setIssuer('policy-ledger')
      .setAudience('ledger')
      .setSubject('client:acme-admin')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .setJti(crypto.randomUUID())
      .sign(await importJWK(row.privateJwk, 'ES256'));
    const probe = '/api/v1/ledger/sales/decline-reasons';
    expect((await call(probe, { token: signedWithNew })).status).toBe(200);
    expect((await call(probe, { token: before })).status).toBe(200);
    const jwks = (await (await fetch(`${baseUrl()}/api/v1/auth/jwks.json`)).json()) as { keys: JWK[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    const fresh = await fetch(`${baseUrl()}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-admin', client_secret: 'acme-admin-secret' }),
    });
    const freshToken = ((await fresh.json()) as { access_token: string }).access_token;
    expect(decodeProtectedHeader(freshToken).kid).toBe(newKid);
    expect((await call(probe, { token: freshToken })).status).toBe(200);
  }, 60_000);
});

describe('per-tenant rate limit', () => {
  it('answers 429 with Retry-After over the limit, spares other tenants, and lets the tenant in again after waiting', async () => {
    await sleep((BURST / RATE_PER_SECOND) * 1000 + 200); // start with a full bucket
    const acme = await tokenFor('acme-broker');
    const globex = await tokenFor('globex-broker');
    const probe = '/api/v1/ledger/sales/decline-reasons';
    const floodStartedMs = Date.now();
    const flood = await Promise.all(Array.from({ length: BURST * 3 }, () => call(probe, { token: acme })));
    // The bucket refills while the flood is served: at most RATE more per second of it.
    const refilled = Math.ceil(((Date.now() - floodStartedMs) / 1000) * RATE_PER_SECOND);
    const limited = flood.filter((result) => result.status === 429);
    const passed = flood.filter((result) => result.status === 200);
    expect(passed.length).toBeGreaterThanOrEqual(BURST);
    expect(passed.length).toBeLessThanOrEqual(BURST + refilled);
    expect(limited.length).toBeGreaterThanOrEqual(BURST * 2 - refilled);
    expect(limited.length).toBeGreaterThan(0);
    expect(flood.every((result) => result.status === 200 || result.status === 429)).toBe(true);
    const sample = limited[0]!;
    expect(sample.headers.get('content-type')).toContain('application/problem+json');
    expect(sample.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
    const retryAfter = Number(sample.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect((await call(probe, { token: globex, tenant: 'globex' })).status).toBe(200);
    // A forged token is 401 whatever the budget: unauthenticated calls do not count or pass.
    expect((await call(probe, { token: 'x.y.z' })).status).toBe(401);
    await sleep(retryAfter * 1000 + 100);
    expect((await call(probe, { token: acme })).status).toBe(200);
  }, 60_000);
});
