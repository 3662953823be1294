import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';

// A path or method no API route has answers problem+json like every other API error (proxy.ts),
// not the HTML not-found page or an empty 405.

let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('unknown API routes', () => {
  it('an unknown path under /api/ is a problem+json 404', async () => {
    for (const path of ['/api/v1/ledger/no-such-thing', '/api/v2/ledger/products', '/api/v1/ledger/sales/policies/create/extra']) {
      const answer = await call(path, { token: broker });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.body).toMatchObject({ type: '/docs/problems#not-found', status: 404, instance: path });
      expect(answer.body.correlationId).toBe(answer.headers.get('x-correlation-id'));
    }
  });

  it('a method the route does not take is a problem+json 405 naming the allowed ones', async () => {
    const answer = await call('/api/v1/ledger/products', { method: 'DELETE', token: broker });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(answer.body).toMatchObject({ type: '/docs/problems#method-not-allowed', status: 405 });
    const put = await call('/api/v1/ledger/sales/policies/create', { method: 'PUT', token: broker, body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('routes that exist still answer as before', async () => {
    expect((await call('/api/v1/ledger/products', { token: broker })).status).toBe(200);
    expect((await call('/api/v1/ledger/openapi.json', { tenant: null })).status).toBe(200);
  });
});
