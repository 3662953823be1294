import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '@/lib/auth/passwords';
import { baseUrl, call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// Accounts and access over HTTP: the admin API (clients, users, tenant), revocation that bites,
// secret rotation with an overlap, disabled users, and the throttling of guesses.

/** The bound lib/auth/revocation.ts promises, and what the test allows for a request on a busy machine. */
const REVOCATION_BOUND_MS = 2_000;
const REQUEST_SLACK_MS = 1_500;
const ADMIN = '/api/v1/admin';
let admin: string;

const unique = () => randomUUID().slice(0, 8);

/** What these tests read of the token endpoint's answer: the token of a 200 (a 401 or 429 has none). */
interface TokenAnswer {
  access_token?: string;
}

async function token(clientId: string, secret: string, address?: string) {
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  const body = (await response.json()) as TokenAnswer;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

async function createClient(roles: string[] = ['broker']) {
  const clientId = `t-${unique()}`;
  const created = await call(`${ADMIN}/clients`, { token: admin, body: { clientId, name: 'Test integration', roles } });
  expect(created.status, created.text).toBe(201);
  return { clientId, secret: created.body.secret as string };
}

const products = (bearer: string) => call('/api/v1/ledger/products', { token: bearer });

async function until(probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

async function signIn(email: string, password: string): Promise<{ status: number; cookie: string; url: string }> {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  const jar = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; ') },
    body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
    redirect: 'manual',
  });
  const cookies = [...jar, ...response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!)];
  const text = await response.text();
  return {
    status: response.status,
    cookie: cookies.join('; '),
    url: text.startsWith('{') ? (JSON.parse(text) as { url: string }).url : '',
  };
}

async function session(cookie: string): Promise<any> {
  return (await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } })).json();
}

beforeAll(async () => {
  admin = await tokenFor('acme-admin');
});

describe('admin API: API clients', () => {
  it('creates a client whose secret is shown once and works, lists it without a secret, and records who did it', async () => {
    const { clientId, secret } = await createClient();
    expect(secret).toMatch(/^lcs_/);
    const issued = await token(clientId, secret);
    expect(issued.status).toBe(200);
    expect((await products(issued.body.access_token as string)).status).toBe(200);
    const listed = await call(`${ADMIN}/clients`, { token: admin });
    const entry = listed.body.data.find((client: any) => client.clientId === clientId);
    expect(entry).toMatchObject({ clientId, roles: ['broker'], status: 'active', createdBy: 'client:acme-admin' });
    expect(entry.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const events = await withDatabase((db) =>
      db.query(`SELECT actor, "createdAt" FROM "Event" WHERE type = 'api-client.created' AND after->>'clientId' = $1`, [clientId]),
    );
    expect(events.rows).toEqual([{ actor: 'client:acme-admin', createdAt: expect.any(Date) }]);
  });

  it('a replay under the same Idempotency-Key answers the same client without its secret, which is stored nowhere', async () => {
    const clientId = `i-${unique()}`;
    const headers = { 'idempotency-key': `create-${clientId}` };
    const first = await call(`${ADMIN}/clients`, { token: admin, headers, body: { clientId, roles: ['broker'] } });
    expect(first.status).toBe(201);
    const again = await call(`${ADMIN}/clients`, { token: admin, headers, body: { clientId, roles: ['broker'] } });
    expect(again.status).toBe(201);
    expect(again.body.client).toEqual(first.body.client);
    expect(again.body.secret).toBe('(shown once; not stored)');
    const kept = await withDatabase((db) =>
      db.query(`SELECT body::text AS body FROM "IdempotencyRecord" WHERE key = $1`, [headers['idempotency-key']]),
    );
    expect(kept.rows[0].body).not.toContain(first.body.secret);
  });

  it('refuses a taken client id (409), bad roles (400), other roles (403) and another tenant (404)', async () => {
    const { clientId } = await createClient();
    expect((await call(`${ADMIN}/clients`, { token: admin, body: { clientId, roles: ['broker'] } })).status).toBe(409);
    expect((await call(`${ADMIN}/clients`, { token: admin, body: { clientId: `x-${unique()}`, roles: ['king'] } })).status).toBe(400);
    expect((await call(`${ADMIN}/clients`, { token: await tokenFor('acme-broker') })).status).toBe(403);
    const globexAdmin = await tokenFor('globex-admin');
    expect((await call(`${ADMIN}/clients/${clientId}`, { token: globexAdmin, tenant: 'globex' })).status).toBe(404);
    expect((await call(`${ADMIN}/clients/${clientId}/revoke`, { token: globexAdmin, tenant: 'globex', method: 'POST' })).status).toBe(404);
    const globexList = await call(`${ADMIN}/clients`, { token: globexAdmin, tenant: 'globex' });
    expect(globexList.body.data.map((client: any) => client.clientId)).not.toContain(clientId);
  });

  it(`refuses a revoked client's live token within ${REVOCATION_BOUND_MS} ms, also when the revocation comes from another process`, async () => {
    // Revoked through the API: this process forgets its cached answer at once.
    const first = await createClient();
    const firstToken = (await token(first.clientId, first.secret)).body.access_token as string;
    expect((await products(firstToken)).status).toBe(200);
    expect((await call(`${ADMIN}/clients/${first.clientId}/revoke`, { token: admin, method: 'POST' })).body.status).toBe('revoked');
    expect((await products(firstToken)).status).toBe(401);
    expect((await token(first.clientId, first.secret)).status).toBe(401);

    // Revoked behind the app's back (as another app process would): the cache's bound applies.
    const second = await createClient();
    const secondToken = (await token(second.clientId, second.secret)).body.access_token as string;
    expect((await products(secondToken)).status).toBe(200);
    await withDatabase((db) =>
      db.query('UPDATE "ApiClient" SET active = false, "revokedAt" = now() WHERE "clientId" = $1', [second.clientId]),
    );
    const tookMs = await until(async () => (await products(secondToken)).status === 401, REVOCATION_BOUND_MS + REQUEST_SLACK_MS);
    console.info(`revocation seen by the app after ${tookMs} ms (bound ${REVOCATION_BOUND_MS} ms)`);
  });

  it('a rotated secret: old and new both work during the overlap, only the new one after it', async () => {
    const { clientId, secret: old } = await createClient();
    const rotated = await call(`${ADMIN}/clients/${clientId}/rotate-secret`, { token: admin, body: { overlapSeconds: 3 } });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.previousSecretValidUntil)).toBeGreaterThan(Date.now());
    expect((await token(clientId, old)).status).toBe(200);
    expect((await token(clientId, fresh)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(rotated.body.previousSecretValidUntil) - Date.now() + 100));
    expect((await token(clientId, old)).status).toBe(401);
    expect((await token(clientId, fresh)).status).toBe(200);
  });
});

describe('admin API: users and tenant', () => {
  it('creates a user with a one-time link; a disabled user cannot sign in nor use a live session or its token', async () => {
    const email = `u-${unique()}@acme.test`;
    const created = await call(`${ADMIN}/users`, { token: admin, body: { email, name: 'Una User', roles: ['broker'] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.user).toMatchObject({ email, status: 'invited', roles: ['broker'] });
    expect(created.body.passwordSetLink).toMatch(/\/set-password\/[A-Za-z0-9_-]{43}$/);
    // The set-password page is a browser journey (e2e/admin.spec.ts); here the password is set underneath.
    const password = `pw-${unique()}-${unique()}`;
    await withDatabase(async (db) =>
      db.query('UPDATE "User" SET "passwordHash" = $1, "passwordSetTokenHash" = NULL WHERE email = $2', [
        await hashSecret(password),
        email,
      ]),
    );
    const signedIn = await signIn(email, password);
    expect(signedIn.url).not.toContain('error');
    const live = await session(signedIn.cookie);
    expect(live.tenant).toBe('acme');
    expect((await products(live.accessToken)).status).toBe(200);

    const disabled = await call(`${ADMIN}/users/${created.body.user.id}/disable`, { token: admin, method: 'POST' });
    expect(disabled.body).toMatchObject({ status: 'disabled', disabledAt: expect.any(String) });
    expect(await session(signedIn.cookie)).toEqual({});
    expect((await products(live.accessToken)).status).toBe(401);
    expect((await signIn(email, password)).url).toContain('error');
    const events = await withDatabase((db) =>
      db.query(`SELECT type, actor FROM "Event" WHERE type LIKE 'user.%' AND (after->>'email' = $1) ORDER BY id`, [email]),
    );
    expect(events.rows).toEqual([
      { type: 'user.created', actor: 'client:acme-admin' },
      { type: 'user.disabled', actor: 'client:acme-admin' },
    ]);
  });

  it('changes roles, and the tenant’s name and brand colour, as audit events', async () => {
    const email = `r-${unique()}@acme.test`;
    const created = await call(`${ADMIN}/users`, { token: admin, body: { email, roles: ['broker'] } });
    const changed = await call(`${ADMIN}/users/${created.body.user.id}`, {
      token: admin,
      method: 'PATCH',
      body: { roles: ['underwriter'] },
    });
    expect(changed.body.roles).toEqual(['underwriter']);
    expect((await call(`${ADMIN}/users/${created.body.user.id}`, { token: await tokenFor('globex-admin'), tenant: 'globex' })).status).toBe(
      404,
    );
    const before = await call(`${ADMIN}/tenant`, { token: admin });
    const renamed = await call(`${ADMIN}/tenant`, { token: admin, method: 'PATCH', body: { brandColor: '#123abc' } });
    expect(renamed.body).toMatchObject({ tag: 'acme', name: before.body.name, brandColor: '#123abc' });
    expect((await call(`${ADMIN}/tenant`, { token: admin, method: 'PATCH', body: { brandColor: 'red' } })).status).toBe(400);
    await call(`${ADMIN}/tenant`, { token: admin, method: 'PATCH', body: { brandColor: before.body.brandColor } });
    const events = await withDatabase((db) =>
      db.query(
        `SELECT type FROM "Event" WHERE type IN ('user.updated', 'tenant.updated') AND actor = 'client:acme-admin' AND "createdAt" > now() - interval '1 minute'`,
      ),
    );
    expect(events.rows.map((row) => row.type)).toEqual(expect.arrayContaining(['user.updated', 'tenant.updated']));
  });
});

describe('throttling of guesses', () => {
  it('answers 429 with Retry-After before the 50th wrong secret, while the right secret from another address works', async () => {
    const { clientId, secret } = await createClient();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // Up to the first refusal: each later one is held for up to a second (lib/auth/held-refusal.ts).
    for (let attempt = 0; attempt < 50 && retryAfter === null; attempt++) {
      const answer = await token(clientId, `wrong-${attempt}`, '203.0.113.50');
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = answer.retryAfter;
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, statuses.join(',')).toBeGreaterThanOrEqual(0);
    expect(firstRefusal).toBeLessThan(49);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 401)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Blocks double with each failure past the allowance (1 s, 2 s, 4 s, ...), and a refused attempt
    // is not a failure. Sit out the short blocks until one lasts 8 s or more, so that what follows
    // happens inside it however slow the machine is.
    let block = 0;
    for (let round = 0; round < 12 && block < 8; round++) {
      const answer = await token(clientId, `wrong-again-${round}`, '203.0.113.50');
      if (answer.status === 429) {
        block = Number(answer.retryAfter);
        if (block < 8) await new Promise((resolve) => setTimeout(resolve, block * 1000));
      } else expect(answer.status).toBe(401);
    }
    expect(block).toBeGreaterThanOrEqual(8);
    expect((await token(clientId, secret, '198.51.100.50')).status).toBe(200);
    // The guessing address stays refused, even with the right secret, until its block ends; each
    // refusal is held a second before it is answered, so a guesser that loops asks once a second.
    const started = performance.now();
    const refused = await token(clientId, secret, '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    const audit = await withDatabase((db) =>
      db.query(`SELECT actor FROM "Event" WHERE type = 'auth.throttled' AND data->>'account' = $1 LIMIT 1`, [clientId]),
    );
    expect(audit.rows).toEqual([{ actor: 'address:203.0.113.50' }]);
    // Every answer given here is one the OpenAPI document lists for the token endpoint, 429 with its Retry-After.
    const document = (await (await fetch(`${baseUrl()}/api/v1/ledger/openapi.json`)).json()) as {
      paths: Record<string, { post: { responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    };
    const documented = document.paths['/api/v1/auth/token']!.post.responses;
    for (const status of new Set([...statuses, 200, refused.status])) expect(Object.keys(documented)).toContain(String(status));
    expect(documented['429']!.headers).toHaveProperty('Retry-After');
  });

  it('refuses the sign-in form with 429 after repeated wrong passwords from one address', async () => {
    const email = 'underwriter@acme.test';
    const address = '203.0.113.51';
    const statuses: number[] = [];
    // Past the 5 free failures each one blocks for twice as long (1 s, 2 s, 4 s ...): on a slow
    // machine the first blocks can end before the next attempt arrives, never the later ones.
    const wrongPassword = async (password: string) => {
      const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const started = performance.now();
      const response = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': address },
        body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
        redirect: 'manual',
      });
      return { status: response.status, retryAfter: Number(response.headers.get('retry-after')), ms: performance.now() - started };
    };
    for (let attempt = 0; attempt < 14 && !statuses.includes(429); attempt++) {
      const response = await wrongPassword(`wrong-${attempt}`);
      statuses.push(response.status);
      if (response.status === 429) expect(response.retryAfter).toBeGreaterThan(0);
    }
    expect(
      statuses.slice(0, 5).every((status) => status !== 429),
      statuses.join(','),
    ).toBe(true);
    expect(statuses).toContain(429);
    // A refusal is held for up to a second before it is answered; one that still names 2 s or more
    // left of the block was held the whole second. Sit out the blocks until one is that long.
    let held: { retryAfter: number; ms: number } | undefined;
    for (let round = 0; round < 10 && !held; round++) {
      const response = await wrongPassword(`wrong-again-${round}`);
      if (response.status !== 429) continue;
      if (response.retryAfter >= 2) held = response;
      else await new Promise((resolve) => setTimeout(resolve, response.retryAfter * 1000));
    }
    expect(held?.ms).toBeGreaterThanOrEqual(950);
    expect((await signIn(email, 'underwriter-password')).url).not.toContain('error');
  });
});
