import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor } from '../support/api';
import { calculatedQuote } from '../support/lifecycle';

// Malformed percent-encoding and NUL anywhere in a URL: 400 problem+json, before authentication
// too, on every kind of route; never the plain-text 500 Next.js gives a path it cannot decode.

const MALFORMED = ['%ff%fe', '%c3', '%e0%80%80', '%ed%a0%80', '%f8%88%80%80%80', '%', '%zz', '%c3%28'];
const ROUTES = [
  (segment: string) => `/api/v1/ledger/sales/policies/${segment}`,
  (segment: string) => `/api/v1/ledger/sales/policies/actions/${segment}`,
  (segment: string) => `/api/v1/ledger/policies/${segment}/documents`,
  (segment: string) => `/api/v1/ledger/schemas/policy/regular/${segment}`,
  (segment: string) => `/api/v1/ledger/documents/${segment}`,
  (segment: string) => `/quotes/${segment}`,
];

let broker: string;

/** fetch keeps the path as written (no normalisation of percent-encoding). */
async function raw(path: string, token: string | null) {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { 'x-tenant-id': 'acme', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('malformed percent-encoding in a path', () => {
  for (const route of ROUTES) {
    it.each(MALFORMED)(`${route('%s')} is 400 problem+json, with or without a token`, async (segment) => {
      for (const token of [broker, null]) {
        const answer = await raw(route(segment), token);
        expect(answer.status, `${route(segment)}: ${answer.text.slice(0, 200)}`).toBe(400);
        expect(answer.type).toContain('application/problem+json');
        expect(JSON.parse(answer.text).detail).toMatch(/percent-encoding/);
      }
    });
  }
});

describe('NUL in a path or query', () => {
  it.each([
    '/api/v1/ledger/sales/policies/%00',
    '/api/v1/ledger/sales/policies/00000000-0000-4000-8000-00000000000%00',
    '/api/v1/ledger/sales/policies?search=%00',
    '/api/v1/ledger/sales/policies?search=M%00ller',
    '/api/v1/ledger/sales/policies?status=draft%00',
    '/api/v1/ledger/sales/policies?%00=1',
    '/api/v1/ledger/requests/x%00?longPolling=true',
    // Operations proxy.ts does not run on (a well-formed id): their route handler refuses it.
    '/api/v1/ledger/requests/5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10?longPolling=%00',
    '/api/v1/ledger/sales/policies/5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10?%00=1',
    '/api/v1/ledger/policies/5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10/documents?q=a%00',
  ])('%s is 400 problem+json', async (path) => {
    const answer = await raw(path, broker);
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(answer.type).toContain('application/problem+json');
  });
});

describe('malformed percent-encoding in the query of an operation proxy.ts does not run on', () => {
  // Next.js reads such a query as U+FFFD before the route handler sees it, so the handler judges
  // the value as any other: a parameter it takes refuses it, one it does not take is ignored.
  const id = '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10';
  it('is 400 problem+json in a parameter the operation takes', async () => {
    const answer = await raw(`/api/v1/ledger/requests/${id}?longPolling=%ff%fe`, broker);
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(answer.type).toContain('application/problem+json');
  });

  it('changes nothing in a parameter the operation does not take', async () => {
    // Unknown query parameters are ignored by every operation; a malformed one is no exception
    // once Next.js has read it, so the answer is the one the same request gets without it.
    const quote = await calculatedQuote(broker, 'home');
    const plain = await raw(`/api/v1/ledger/sales/policies/actions/${quote}`, broker);
    const malformed = await raw(`/api/v1/ledger/sales/policies/actions/${quote}?%c3=%ff`, broker);
    expect(plain.status).toBe(200);
    expect(malformed.status, malformed.text.slice(0, 200)).toBe(200);
    expect(JSON.parse(malformed.text)).toEqual(JSON.parse(plain.text));
  });
});

describe('search', () => {
  it('matches LIKE wildcards literally, within the tenant', async () => {
    const id = await calculatedQuote(broker, 'home');
    const all = await call('/api/v1/ledger/sales/policies?pageSize=1', { token: broker });
    expect(all.body.meta.total).toBeGreaterThan(0);
    for (const pattern of ['%', '_', '%%', '%_%', '\\', '\\%']) {
      const found = await call(`/api/v1/ledger/sales/policies?search=${encodeURIComponent(pattern)}`, { token: broker });
      expect(found.status).toBe(200);
      // No customer name or quote number of the demo data holds these characters.
      expect(found.body.data.map((row: { id: string }) => row.id)).not.toContain(id);
      expect(found.body.meta.total).toBe(0);
    }
  });
});
