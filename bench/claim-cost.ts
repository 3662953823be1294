// `node --import tsx bench/claim-cost.ts`: what one claim of the queue costs PostgreSQL as the queue
// grows (lib/jobs/claim-sql.ts). For each backlog (BENCH_CLAIM_BACKLOGS, default 1,000, 10,000 and
// 50,000 jobs of a background task, due within the last 10 s, of one tenant or spread over three),
// the claims a worker makes: the documents lane's across tenants in turn (two slots), the same
// while the host is busy (jobs younger than 20 s wait, so it finds none), and the general lane's
// oldest first (eight slots, its own few jobs behind the other lane's backlog). Each claim runs as
// the workers run it, a named prepared statement, in a transaction rolled back so the backlog stays
// as it was; milliseconds from the client, median and 90th percentile of BENCH_CLAIM_RUNS (40)
// after 10 to warm up, and how many times the server planned it afresh (custom) or ran the plan it
// kept (generic). Its own embedded PostgreSQL, nothing else running. Prints, asserts nothing.
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { claimFairlySql, claimOldestSql } from '@/lib/jobs/claim-sql';
import { freePort } from '../tests/support/test-stack';
import { percentile } from './load';
import { runBench } from './stack';

const BACKLOGS = (process.env.BENCH_CLAIM_BACKLOGS ?? '1000,10000,50000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_CLAIM_RUNS ?? 40);
const WARM_UP = 10;
const BACKGROUND = 'bench.claim.render';
const URGENT = 'bench.claim.offer';
const GENERAL = 'bench.claim.general';

interface Claim {
  name: string;
  sql: { text: string; values: unknown[] };
}

function claims(): Claim[] {
  const lane = { workerId: 'bench', leaseMs: 30_000, taskNames: [BACKGROUND, URGENT], urgentTasks: [URGENT], leastRecentFirst: [] };
  return [
    { name: 'across tenants in turn', sql: claimFairlySql({ ...lane, limit: 2 }) as unknown as Claim['sql'] },
    { name: 'the same, host busy', sql: claimFairlySql({ ...lane, limit: 2, deferYoungerThanMs: 20_000 }) as unknown as Claim['sql'] },
    {
      name: 'oldest first, another lane',
      sql: claimOldestSql({ workerId: 'bench', leaseMs: 30_000, taskNames: [GENERAL], limit: 8 }) as unknown as Claim['sql'],
    },
  ];
}

async function timeClaim(db: pg.Client, claim: Claim, statement: string): Promise<{ p50: number; p90: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    await db.query('BEGIN');
    const startedMs = performance.now();
    const result = await db.query({ name: statement, text: claim.sql.text, values: claim.sql.values });
    const ms = performance.now() - startedMs;
    await db.query('ROLLBACK');
    rows = result.rowCount ?? 0;
    if (run >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p90: percentile(times, 90), rows };
}

runBench(async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-claims-'));
  await chmod(parent, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(parent, 'postgres'), port: await freePort(), persistent: false });
  const db = new pg.Client({ connectionString: embedded.url });
  try {
    await migrate(embedded.url);
    await db.connect();
    const { rows: tenants } = await db.query<{ id: string }>(
      `INSERT INTO "Tenant" ("tag", "name") SELECT 'claims-' || n, 'Claims ' || n FROM generate_series(1, 3) AS n RETURNING "id"`,
    );
    console.log('backlog | tenants | claim | ms p50 | ms p90 | jobs claimed | plans the server used');
    let statement = 0;
    for (const backlog of BACKLOGS) {
      for (const spread of [1, 3]) {
        await db.query(`TRUNCATE "Job"`);
        await db.query(
          `INSERT INTO "Job" ("task", "payload", "tenantId", "runAt")
           SELECT $1, '{}'::jsonb, ($2::uuid[])[1 + n % $3], now() - random() * interval '10 seconds' FROM generate_series(1, $4) AS n`,
          [BACKGROUND, tenants.map((tenant) => tenant.id), spread, backlog],
        );
        await db.query(`INSERT INTO "Job" ("task", "payload") SELECT $1, '{}'::jsonb FROM generate_series(1, 3)`, [GENERAL]);
        await db.query(`VACUUM ANALYZE "Job"`);
        for (const claim of claims()) {
          const { p50, p90, rows } = await timeClaim(db, claim, `bench-claim-${statement++}`);
          const name = `bench-claim-${statement - 1}`;
          const { rows: plans } = await db.query<{ generic_plans: string; custom_plans: string }>(
            `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1`,
            [name],
          );
          const chosen = `${plans[0]?.generic_plans} generic, ${plans[0]?.custom_plans} custom`;
          console.log(`${backlog} | ${spread} | ${claim.name} | ${p50.toFixed(3)} | ${p90.toFixed(3)} | ${rows} | ${chosen}`);
        }
      }
    }
  } finally {
    await db.end().catch(() => undefined);
    await embedded.stop();
  }
});
