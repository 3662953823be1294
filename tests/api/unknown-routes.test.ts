import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor } from '../support/api';

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

  it('the operations proxy.ts does not run on answer the methods they do not take as it does for the same route', async () => {
    // Each hot path with a well-formed id (the proxy's matcher leaves it out, so the route module
    // answers), beside the same route with an id of another shape (the proxy answers).
    const id = '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10';
    const routes = [
      {
        path: `/api/v1/ledger/sales/policies/${id}`,
        other: '/api/v1/ledger/sales/policies/x',
        refused: ['POST', 'PATCH', 'DELETE'],
        allow: 'GET, PUT, HEAD, OPTIONS',
        options: 'GET, HEAD, OPTIONS, PUT',
      },
      ...['calculate', 'bind', 'issue'].map((action) => ({
        path: `/api/v1/ledger/sales/policies/${id}/${action}`,
        other: `/api/v1/ledger/sales/policies/x/${action}`,
        refused: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
        allow: 'POST, OPTIONS',
        options: 'OPTIONS, POST',
      })),
      {
        path: '/api/v1/ledger/sales/policies/create',
        other: null,
        refused: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
        allow: 'POST, OPTIONS',
        options: 'OPTIONS, POST',
      },
      ...[`sales/policies/actions/${id}`, `requests/${id}`, `policies/${id}/documents`].map((rest) => ({
        path: `/api/v1/ledger/${rest}`,
        other: `/api/v1/ledger/${rest.replace(id, 'x')}`,
        refused: ['POST', 'PUT', 'PATCH', 'DELETE'],
        allow: 'GET, HEAD, OPTIONS',
        options: 'GET, HEAD, OPTIONS',
      })),
    ];
    const send = (path: string, method: string) =>
      fetch(`${baseUrl()}${path}`, { method, headers: { 'x-tenant-id': 'acme', authorization: `Bearer ${broker}` } });
    for (const route of routes) {
      for (const method of route.refused) {
        const answers = [await send(route.path, method), ...(route.other ? [await send(route.other, method)] : [])];
        for (const answer of answers) {
          const what = `${method} ${answer.url}`;
          expect(answer.status, what).toBe(405);
          expect(answer.headers.get('allow'), what).toBe(route.allow);
          if (method === 'HEAD') continue; // no body
          expect(answer.headers.get('content-type'), what).toBe('application/problem+json');
          const body = (await answer.json()) as { type: string; status: number; instance: string; correlationId: string };
          expect(body, what).toMatchObject({
            type: '/docs/problems#method-not-allowed',
            status: 405,
            instance: new URL(answer.url).pathname,
          });
          expect(body.correlationId, what).toBe(answer.headers.get('x-correlation-id'));
        }
      }
      const options = await send(route.path, 'OPTIONS');
      expect(options.status, route.path).toBe(204);
      expect(options.headers.get('allow'), route.path).toBe(route.options);
    }
  });

  it('routes that exist still answer as before', async () => {
    expect((await call('/api/v1/ledger/products', { token: broker })).status).toBe(200);
    expect((await call('/api/v1/ledger/openapi.json', { tenant: null })).status).toBe(200);
  });
});
