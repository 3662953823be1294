import { describe, expect, it } from 'vitest';
import { NotFound } from '@/lib/errors';
import { problemFromError } from './problem';

async function answer(error: unknown) {
  const response = problemFromError(error, '/api/v1/ledger/x', 'correlation-1');
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe('problemFromError', () => {
  it('answers 503 with Retry-After while the database is out of reach, in any of the shapes drivers report it', async () => {
    const outages = [
      Object.assign(new Error("Can't reach database server at 127.0.0.1:5433"), { code: 'P1001' }),
      Object.assign(new Error('Raw query failed. Code: `57P03`. Message: `the database system is shutting down`'), {
        code: 'P2010',
        meta: { code: '57P03' },
      }),
      new Error('Database error. Code: `57P01`. Message: `terminating connection due to administrator command`'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('wrapped', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }) }),
      // The embedded server over its Unix socket, while it restarts (as Prisma and pg report it).
      Object.assign(
        new Error('\nInvalid `prisma.apiClient.findUnique()` invocation:\n\n\nconnect ENOENT /tmp/ledger/postgres/.s.PGSQL.5433'),
        {
          code: 'P2010',
        },
      ),
      Object.assign(new Error('connect ENOENT /tmp/ledger/postgres/.s.PGSQL.5433'), { code: 'ENOENT' }),
      // node-postgres's pool when no connection came free in time (the one-message paths).
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const outage of outages) {
      const { status, headers, body } = await answer(outage);
      expect(status, String(outage)).toBe(503);
      expect(headers.get('retry-after')).toBe('2');
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|57P0|ECONNREFUSED|PGSQL/);
    }
    // A missing file that is not the database's socket stays a 500.
    expect(
      (await answer(Object.assign(new Error("ENOENT: no such file or directory, open 'fonts/inter.woff'"), { code: 'ENOENT' }))).status,
    ).toBe(500);
  });

  it('keeps a lost race a 409, a domain error its own status, and anything else a bare 500', async () => {
    expect((await answer(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).status).toBe(409);
    // The same races as node-postgres reports them: unique violation, serialization failure, deadlock.
    for (const code of ['23505', '40001', '40P01']) {
      expect((await answer(Object.assign(new Error('lost'), { code }))).status, code).toBe(409);
    }
    expect((await answer(Object.assign(new Error('syntax error'), { code: '42601' }))).status).toBe(500);
    expect((await answer(new NotFound('Quote', 'q-1'))).status).toBe(404);
    const unknown = await answer(new Error('SELECT secret FROM "Tenant" failed'));
    expect(unknown.status).toBe(500);
    expect(JSON.stringify(unknown.body)).not.toContain('secret');
    expect(unknown.body.correlationId).toBe('correlation-1');
  });
});
