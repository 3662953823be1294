// `npm run bench:accounts`: what accounts and access cost per request, in one process against a
// fresh embedded PostgreSQL. (1) the revocation check (lib/auth/revocation.ts): the database
// lookup it makes once per subject per bound, against the cached answer; (2) the per-tenant rate
// limit: the process's token bucket, rate-limiter-flexible in memory, and its PostgreSQL store
// (what LEDGER_RATE_LIMIT_SHARED=1 adds to every admitted request), one at a time and 16 at once;
// (3) the sign-in throttle's bookkeeping around one failed attempt.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { freePort } from '../tests/support/test-stack';
import { percentile } from './load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000);
const CONCURRENCY = 16;

async function timeEach(label: string, rounds: number, run: (i: number) => Promise<unknown> | unknown): Promise<void> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await run(i);
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(58)} p50 ${percentile(latencies, 50).toFixed(3)} ms  p99 ${percentile(latencies, 99).toFixed(3)} ms  ${Math.round(rounds / seconds)}/s`,
  );
}

async function timeConcurrent(label: string, rounds: number, run: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < rounds) await run(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(58)} ${Math.round(rounds / seconds)}/s with ${CONCURRENCY} at once`);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-accounts-'));
const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
try {
  await migrate(db.url);
  process.env.DATABASE_URL = db.url;
  process.env.LEDGER_REVOCATION_CACHE_MS = '2000';
  const { prisma } = await import('@/lib/db/client');
  const { createTenant } = await import('@/lib/accounts/tenants');
  const { createClient } = await import('@/lib/accounts/clients');
  const { isSubjectActive, forgetSubject } = await import('@/lib/auth/revocation');
  const { TenantRateLimiter } = await import('@/lib/http/rate-limit');
  const { SharedTenantRateLimiter } = await import('@/lib/http/shared-rate-limit');
  const { closeRateLimitStore, memoryLimiter, postgresLimiter } = await import('@/lib/auth/rate-limit-store');
  const { SignInThrottle } = await import('@/lib/auth/throttle');

  const { tenant } = await createTenant('operator:bench', { tag: 'bench', name: 'Bench' });
  const tenantId = (await prisma.tenant.findUniqueOrThrow({ where: { tag: tenant.tag } })).id;
  await createClient(tenantId, 'operator:bench', { clientId: 'bench-client', roles: ['broker'] });
  console.log(
    `accounts and access, ${ROUNDS} rounds each (node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)})`,
  );

  await timeEach('revocation check, database lookup (cache miss)', ROUNDS, async () => {
    forgetSubject('client:bench-client');
    await isSubjectActive('client:bench-client');
  });
  await timeEach('revocation check, cached (every request within 2 s)', ROUNDS * 50, () => isSubjectActive('client:bench-client'));

  const bucket = new TenantRateLimiter({ ratePerSecond: 1e9, burst: 1e9 });
  await timeEach('tenant limit: process token bucket (today)', ROUNDS * 50, () => bucket.take('bench'));
  const inMemory = new SharedTenantRateLimiter(1e8, memoryLimiter);
  await timeEach('tenant limit: rate-limiter-flexible in memory', ROUNDS * 50, () => inMemory.take('bench'));
  const shared = new SharedTenantRateLimiter(1e8, postgresLimiter);
  await timeEach('tenant limit: rate-limiter-flexible PostgreSQL (shared)', ROUNDS, () => shared.take('bench'));
  await timeConcurrent('tenant limit: rate-limiter-flexible PostgreSQL (shared)', ROUNDS * 2, () => shared.take('bench'));

  const throttle = new SignInThrottle(postgresLimiter);
  await timeEach('sign-in throttle: check before a hash', ROUNDS, (i) =>
    throttle.assertAllowed({ kind: 'client', account: `acct-${i % 50}`, address: '192.0.2.1' }),
  );
  await timeEach('sign-in throttle: count a failure (no block yet)', ROUNDS / 4, (i) =>
    throttle.recordFailure({ kind: 'client', account: `acct-${i}`, address: `192.0.2.${i % 200}` }),
  );
  await closeRateLimitStore();
  await prisma.$disconnect();
} finally {
  await db.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
