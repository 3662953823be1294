// `node --import tsx bench/tenant-scope.ts`: the candidates for tenant-scoped transactions, side by
// side on one embedded PostgreSQL of their own (16 at a time, rounds interleaved A/B so that load
// from other processes falls on every candidate alike). Also checks that each candidate still
// hides another tenant's rows (the second lock) before it is timed.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { PrismaClient } from '@/lib/db/generated/client';
import { migrate } from '@/lib/db/migrate';
import { sendBatch } from '@/lib/db/statement-pipeline';
import { tenantBeginSql, tenantReadStatements, withLiterals } from '@/lib/db/tenant-sql';
import { freePort } from '../tests/support/test-stack';
import { percentile } from './load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2_000);
const CONCURRENCY = 16;
const say = (line: string) => console.log(line);

type Client = PrismaClient;
type Variant = { name: string; read: (tenantId: string, id: string) => Promise<unknown>; all: (tenantId: string) => Promise<number> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** BEGIN and the tenant settings in one simple-protocol message (a checked UUID as literal), the query, COMMIT: three round trips. */
async function onConnection<T>(pool: pg.Pool, tenantId: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!UUID.test(tenantId)) throw new Error('tenant id must be a UUID');
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; SELECT set_config('app.tenant_id', '${tenantId}', true), set_config('role', 'ledger_tenant', true)`);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** The whole transaction as one simple-protocol message, values as quoted literals (lib/db/tenant-read.ts before its prepared batch). */
async function oneMessage<R>(pool: pg.Pool, tenantId: string, text: string, values: string[]): Promise<R[]> {
  const client = await pool.connect();
  try {
    const results = (await client.query(
      `${tenantBeginSql(tenantId)}; ${withLiterals(text, values)}; COMMIT`,
    )) as unknown as pg.QueryResult[];
    return results.at(-2)!.rows as R[];
  } finally {
    client.release();
  }
}

/** The read as lib/db/tenant-read.ts sends it: one batch of two prepared statements. */
async function preparedBatch<R>(pool: pg.Pool, tenantId: string, text: string, values: string[]): Promise<R[]> {
  const client = await pool.connect();
  try {
    return (await sendBatch(client, tenantReadStatements(tenantId, text, values)).done)[1]!.rows as R[];
  } finally {
    client.release();
  }
}

function variants(plain: Client, pool: pg.Pool): Variant[] {
  const setConfig = (client: Client, tenantId: string) =>
    client.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
  return [
    {
      name: 'interactive tx + set_config (before)',
      read: (tenantId, id) =>
        plain.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
          return tx.policy.findFirst({ where: { id, tenantId } });
        }),
      all: (tenantId) =>
        plain.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
          return tx.policy.count();
        }),
    },
    {
      name: 'batched $transaction([set_config, read])',
      read: async (tenantId, id) =>
        (await plain.$transaction([setConfig(plain, tenantId), plain.policy.findFirst({ where: { id, tenantId } })]))[1],
      all: async (tenantId) => (await plain.$transaction([setConfig(plain, tenantId), plain.policy.count()]))[1],
    },
    {
      name: 'own pg connection, settings with BEGIN (3 trips)',
      read: (tenantId, id) =>
        onConnection(
          pool,
          tenantId,
          async (client) => (await client.query('SELECT * FROM "Policy" WHERE "id" = $1 AND "tenantId" = $2', [id, tenantId])).rows[0],
        ),
      all: (tenantId) =>
        onConnection(pool, tenantId, async (client) => Number((await client.query('SELECT count(*) AS n FROM "Policy"')).rows[0].n)),
    },
    {
      name: 'one message: BEGIN, settings, query, COMMIT',
      read: async (tenantId, id) =>
        (
          await oneMessage<Record<string, unknown>>(pool, tenantId, 'SELECT * FROM "Policy" WHERE "id" = $1 AND "tenantId" = $2', [
            id,
            tenantId,
          ])
        )[0],
      all: async (tenantId) => Number((await oneMessage<{ n: string }>(pool, tenantId, 'SELECT count(*) AS n FROM "Policy"', []))[0]!.n),
    },
    {
      name: 'one batch of prepared statements (now)',
      read: async (tenantId, id) =>
        (
          await preparedBatch<Record<string, unknown>>(
            pool,
            tenantId,
            'SELECT * FROM "Policy" WHERE "id" = $1::uuid AND "tenantId" = $2::uuid',
            [id, tenantId],
          )
        )[0],
      all: async (tenantId) => Number((await preparedBatch<{ n: string }>(pool, tenantId, 'SELECT count(*) AS n FROM "Policy"', []))[0]!.n),
    },
    {
      name: 'no transaction, no RLS (floor)',
      read: (tenantId, id) => plain.policy.findFirst({ where: { id, tenantId } }),
      all: async () => Number.NaN,
    },
  ];
}

async function round(variant: Variant, tenantId: string, ids: string[], durationMs: number): Promise<number[]> {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const id = ids[Math.floor(Math.random() * ids.length)]!;
        const started = performance.now();
        if (!(await variant.read(tenantId, id))) throw new Error(`${variant.name}: no row for ${id}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

async function seed(url: string): Promise<{ tenants: string[]; ids: string[] }> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tenants: string[] = [];
    for (const tag of ['scope-a', 'scope-b']) {
      const row = await db.query<{ id: string }>(
        `INSERT INTO "Tenant" ("tag", "name", "brandColor") VALUES ($1, $1, '#000000') RETURNING "id"`,
        [tag],
      );
      tenants.push(row.rows[0]!.id);
    }
    for (const [index, tenantId] of tenants.entries()) {
      await db.query(
        `INSERT INTO "Policy" ("tenantId", "productCode", "status", "quoteNumber", "data", "dateInception", "dateExpiry", "createdBy")
         SELECT $1, 'home', 'draft', 'S-' || g, '{"customer":{}}', '2026-01-01', '2027-01-01', 'bench' FROM generate_series(1, $2::int) AS g`,
        [tenantId, index === 0 ? 10_000 : 100],
      );
    }
    await db.query('VACUUM ANALYZE "Policy"');
    const ids = (await db.query<{ id: string }>(`SELECT "id" FROM "Policy" WHERE "tenantId" = $1 LIMIT 2000`, [tenants[0]])).rows.map(
      (row) => row.id,
    );
    return { tenants, ids };
  } finally {
    await db.end();
  }
}

/**
 * Quote numbers, 16 creations of one tenant at once: each transaction takes its number, then holds
 * the transaction open for QUOTE_WORK_MS as the rest of a quote creation does (validation is done
 * before; the insert, its event and its job follow), then commits.
 */
const QUOTE_WORK_MS = 5;

async function benchQuoteNumbers(pool: pg.Pool, tenantId: string): Promise<void> {
  const year = new Date().getUTCFullYear();
  const candidates: { name: string; take: (client: pg.PoolClient) => Promise<unknown> }[] = [
    {
      name: 'gapless counter row (before)',
      take: (client) =>
        client.query(
          `INSERT INTO "Sequence" ("tenantId", "name", "value") VALUES ($1, $2, 1)
           ON CONFLICT ("tenantId", "name") DO UPDATE SET "value" = "Sequence"."value" + 1 RETURNING "value"`,
          [tenantId, `quote:${year}`],
        ),
    },
    {
      name: 'sequence per tenant and year (after)',
      take: (client) => client.query('SELECT ledger_next_quote_value($1, $2)', [tenantId, year]),
    },
  ];
  const rates = new Map<string, number[]>(candidates.map((candidate) => [candidate.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const candidate of candidates) {
      let done = 0;
      const deadline = performance.now() + ROUND_MS;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < deadline) {
            const client = await pool.connect();
            try {
              await client.query('BEGIN');
              await candidate.take(client);
              await client.query(`SELECT pg_sleep(${QUOTE_WORK_MS / 1000})`);
              await client.query('COMMIT');
              done++;
            } finally {
              client.release();
            }
          }
        }),
      );
      rates.get(candidate.name)!.push(done / (ROUND_MS / 1000));
    }
  }
  say(
    `Quote numbers: ${CONCURRENCY} creations of one tenant at once, ${QUOTE_WORK_MS} ms of work after the number; median (min–max) of ${ROUNDS} rounds`,
  );
  for (const [name, values] of rates) {
    const sorted = [...values].sort((a, b) => a - b);
    say(
      `  ${name.padEnd(44)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(6)} tx/s (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})`,
    );
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledger-scope-'));
  await chmod(dir, 0o755); // the server runs as the postgres user
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), persistent: false });
  const pools: pg.Pool[] = [];
  try {
    await migrate(db.url);
    const { tenants, ids } = await seed(db.url);
    const plainPool = new pg.Pool({ connectionString: db.url, max: 10 });
    const rawPool = new pg.Pool({ connectionString: db.url, max: 10 });
    pools.push(plainPool, rawPool);
    // The server stops at the end with idle connections open; say so instead of crashing.
    for (const pool of pools) pool.on('error', (error) => say(`  (pool: ${error.message})`));
    const plain = new PrismaClient({ adapter: new PrismaPg(plainPool) });
    const list = variants(plain, rawPool);
    // The second lock: a query with no tenant `where` sees only the transaction's tenant.
    for (const variant of list.slice(0, 4)) {
      const [a, b] = [await variant.all(tenants[0]!), await variant.all(tenants[1]!)];
      if (a !== 10_000 || b !== 100) throw new Error(`${variant.name}: row-level security let through ${a} / ${b} rows`);
    }
    say(
      `Row-level security holds for every candidate (10000 / 100 rows seen). Load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    const samples = new Map<string, { rates: number[]; latencies: number[] }>(
      list.map((variant) => [variant.name, { rates: [], latencies: [] }]),
    );
    for (const variant of list) await round(variant, tenants[0]!, ids, 500); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (const variant of list) {
        const latencies = await round(variant, tenants[0]!, ids, ROUND_MS);
        const entry = samples.get(variant.name)!;
        entry.rates.push(latencies.length / (ROUND_MS / 1000));
        entry.latencies.push(...latencies);
      }
    }
    say(`${CONCURRENCY} at a time, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms; median rate (min–max), p50 / p99 over all rounds`);
    for (const [name, { rates, latencies }] of samples) {
      const sorted = [...rates].sort((x, y) => x - y);
      say(
        `  ${name.padEnd(44)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(6)}/s (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})  p50 ${percentile(latencies, 50).toFixed(2)} ms  p99 ${percentile(latencies, 99).toFixed(2)} ms`,
      );
    }
    await plain.$disconnect();
    await benchQuoteNumbers(plainPool, tenants[0]!);
  } finally {
    for (const pool of pools) await pool.end().catch(() => undefined);
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
