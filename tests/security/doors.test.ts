import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor } from '../support/api';
import { calculatedQuote } from '../support/lifecycle';

// The probe's open doors stay shut, and a replay of the classes it could not break (cross-tenant
// reads, forged tokens); the full matrices live in tests/api (isolation-matrix, auth, documents).

const SALES = '/api/v1/ledger/sales/policies';
let acme: string;
let globex: string;
let quoteId: string;

beforeAll(async () => {
  acme = await tokenFor('acme-broker');
  globex = await tokenFor('globex-broker');
  quoteId = await calculatedQuote(acme, 'home');
});

describe('doors', () => {
  it('the bench routes are not served outside the bench', async () => {
    const id = '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10';
    for (const path of ['/api/bench/empty', '/api/bench/empty/1', `/api/bench/round-trip/${id}`]) {
      const answer = await call(path, { tenant: null });
      expect(answer.status, path).toBe(404);
    }
    for (const path of ['/api/bench/empty/1', '/api/bench/round-trip', `/api/bench/round-trip/${id}`]) {
      const posted = await call(path, { tenant: null, method: 'POST', body: {} });
      expect(posted.status, path).toBe(404);
    }
  });

  it('the session answer carries no more than the signed-in user’s own ledger token (see SECURITY.md)', async () => {
    const anonymous = await fetch(`${baseUrl()}/api/auth/session`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({});
  });
});

describe('replays of the classes that held', () => {
  it('another tenant’s quote is 404 to read, change, offer or list, and 403 under a foreign tenant header', async () => {
    for (const [path, method, body] of [
      [`${SALES}/${quoteId}`, 'GET', undefined],
      [`${SALES}/${quoteId}/`, 'PUT', { customer: {} }],
      [`${SALES}/${quoteId}/generated-documents`, 'POST', undefined],
      [`/api/v1/ledger/policies/${quoteId}/documents`, 'GET', undefined],
    ] as const) {
      const answer = await call(path, { token: globex, tenant: 'globex', method, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect((await call(path, { token: globex, tenant: 'acme', method, body })).status).toBe(403);
    }
  });

  it('a forged, altered or unsigned token is 401', async () => {
    const [header, payload, signature] = acme.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const foreign = Buffer.from(JSON.stringify({ ...claims, tenant: 'globex' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      `${header}.${foreign}.${signature}`,
      `${none}.${payload}.`,
      `${header}.${payload}.`,
      `${header}.${payload}.${signature}x`,
    ]) {
      expect((await call(`${SALES}/${quoteId}`, { token })).status).toBe(401);
    }
  });
});
