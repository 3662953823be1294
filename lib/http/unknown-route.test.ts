import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';
import { allowedMethods, API_ROUTES, otherMethodAnswers, unknownRouteAnswer } from './unknown-route';

const API_DIR = path.join(process.cwd(), 'app', 'api');

/** Every route file under app/api as `{ template, methods }`, read from its exports. */
function routeFiles(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const relative = path.relative(API_DIR, dir).split(path.sep);
        if (relative[0] === 'auth') continue; // next-auth's catch-all
        const template = `/api/${relative.map((part) => part.replace(/^\[(.+)\]$/, '{$1}')).join('/')}`;
        const source = readFileSync(full, 'utf8');
        found[template] = [...source.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)].map(
          (m) => m[1]!,
        );
      }
    }
  };
  walk(API_DIR);
  return found;
}

describe('the table of API routes', () => {
  it('is exactly the route files and their methods', () => {
    const files = routeFiles();
    expect(Object.fromEntries(Object.entries(API_ROUTES).map(([template, methods]) => [template, [...methods].sort()]))).toEqual(
      Object.fromEntries(Object.entries(files).map(([template, methods]) => [template, methods.sort()])),
    );
  });

  it('holds every operation of the OpenAPI document', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        expect(allowedMethods(template.replace(/\{[^}]+\}/g, 'x')), `${method} ${template}`).toContain(method.toUpperCase());
      }
    }
  });
});

describe('the route files', () => {
  // Every API answer depends on its request (tenant, token, body), so none is ever prerendered.
  // Said with `dynamic = 'force-dynamic'`, Next.js also hands the handler the request itself; left
  // at 'auto', it wraps the request in a Proxy that records each read of its headers, URL or body
  // (to find out whether the route could have been static), which cost a quote read about 40 µs
  // of the app's thread, 3 % (docs/benchmark-log.md, "The floors under the hot rows, and routes declared dynamic").
  it('each declare that they answer at request time', () => {
    const undeclared: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === 'route.ts' && !/^export const dynamic = 'force-dynamic';$/m.test(readFileSync(full, 'utf8'))) {
          undeclared.push(path.relative(API_DIR, full));
        }
      }
    };
    walk(API_DIR);
    expect(undeclared).toEqual([]);
  });
});

describe('unknownRouteAnswer', () => {
  const request = (method: string, pathname: string) => new Request(`http://ledger.test${pathname}`, { method });

  it('answers 404 problem+json for a path no route has', async () => {
    const answer = unknownRouteAnswer(request('GET', '/api/v1/ledger/no-such-thing'))!;
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await answer.json()).toMatchObject({ status: 404, type: '/docs/problems#not-found', instance: '/api/v1/ledger/no-such-thing' });
  });

  it('answers 405 with Allow for a method the route does not take', async () => {
    const answer = unknownRouteAnswer(request('DELETE', '/api/v1/ledger/sales/policies/5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10'))!;
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT, HEAD, OPTIONS');
    expect(await answer.json()).toMatchObject({ status: 405, type: '/docs/problems#method-not-allowed' });
  });

  it('prefers a literal segment to a parameter, as the router does', () => {
    expect(unknownRouteAnswer(request('GET', '/api/v1/ledger/sales/policies/create'))?.status).toBe(405);
    expect(unknownRouteAnswer(request('POST', '/api/v1/ledger/sales/policies/create'))).toBeNull();
  });

  it('answers 404 to a trailing slash anywhere but the update path', async () => {
    for (const path of ['/api/v1/ledger/sales/policies/', '/api/v1/ledger/webhooks/', '/api/v1/ledger/products/']) {
      const answer = unknownRouteAnswer(request('GET', path))!;
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toMatchObject({ status: 404, type: '/docs/problems#not-found' });
    }
  });

  it('takes only PUT on the update path with its trailing slash', () => {
    const answer = unknownRouteAnswer(request('GET', '/api/v1/ledger/sales/policies/actions/'))!;
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('PUT, OPTIONS');
  });

  it('lets routes, the trailing-slash update, next-auth and pages through', () => {
    expect(unknownRouteAnswer(request('PUT', '/api/v1/ledger/sales/policies/5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10/'))).toBeNull();
    expect(unknownRouteAnswer(request('HEAD', '/api/v1/ledger/products'))).toBeNull();
    expect(unknownRouteAnswer(request('POST', '/api/auth/callback/credentials'))).toBeNull();
    expect(unknownRouteAnswer(request('GET', '/quotes/new'))).toBeNull();
  });
});

describe('otherMethodAnswers', () => {
  const path = '/api/v1/ledger/sales/policies/5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10/calculate';

  it('refuses a method with the 405 the proxy gives for the same request', async () => {
    const request = new Request(`http://ledger.test${path}`, { method: 'DELETE', headers: { 'x-request-id': 'req-12345678' } });
    const answer = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}/calculate').DELETE(request);
    const proxied = unknownRouteAnswer(request)!;
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await answer.json()).toEqual(await proxied.json());
  });

  it('answers OPTIONS as Next.js does: 204 and the allowed methods in order', () => {
    const answer = otherMethodAnswers('/api/v1/ledger/sales/policies/{id}').OPTIONS(new Request(`http://ledger.test${path}`));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS, PUT');
  });

  it('refuses to serve a template the route table does not hold', () => {
    expect(() => otherMethodAnswers('/api/v1/ledger/no-such-route')).toThrow('No API route /api/v1/ledger/no-such-route');
  });
});
