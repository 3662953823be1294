import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

// Fills the Policy table for the read-at-scale figures: copies of one real quote row (same data,
// calculation and enrichment) with fresh ids, inserted in batches with generate_series.

const BATCH = 100_000;

export async function fillPolicies(databaseUrl: string, tenantId: string, templateId: string, total: number, say: (line: string) => void) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let count = Number((await db.query(`SELECT count(*) AS n FROM "Policy" WHERE "tenantId" = $1`, [tenantId])).rows[0].n);
    const t0 = performance.now();
    while (count < total) {
      const size = Math.min(BATCH, total - count);
      await db.query(
        `INSERT INTO "Policy" ("id", "tenantId", "productCode", "status", "quoteNumber", "data", "enrichment", "enrichmentState",
           "calculation", "calculatedAt", "paymentPlan", "referral", "dateInception", "dateExpiry", "customerName", "createdBy", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), t."tenantId", t."productCode", t."status", 'BENCH-' || ($3::bigint + g), t."data", t."enrichment", t."enrichmentState",
           t."calculation", t."calculatedAt", t."paymentPlan", t."referral", t."dateInception", t."dateExpiry", t."customerName", t."createdBy", now(), now()
         FROM generate_series(1, $2::int) AS g, (SELECT * FROM "Policy" WHERE "id" = $1) AS t`,
        [templateId, size, count],
      );
      count += size;
    }
    await db.query(`VACUUM ANALYZE "Policy"`);
    // The fill's dirty pages are written now, not by a checkpoint in the middle of the measurement.
    await db.query('CHECKPOINT');
    say(`  Policy rows for the tenant: ${count} (filled in ${Math.round(performance.now() - t0)} ms)`);
  } finally {
    await db.end();
  }
}

/** Random ids of the tenant's quotes, for reads that miss any cache of recent rows. */
export async function sampleIds(databaseUrl: string, tenantId: string, count: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(`SELECT "id" FROM "Policy" WHERE "tenantId" = $1 ORDER BY random() LIMIT $2`, [tenantId, count])).rows.map(
      (row: { id: string }) => row.id,
    );
  } finally {
    await db.end();
  }
}

/**
 * Reads every sampled row once, its JSON included, so both table sizes are measured with their
 * working set in memory (as a running ledger's recent quotes are): the comparison is then of
 * table and index size, not of a cold cache against a warm one.
 */
export async function warmRows(databaseUrl: string, ids: string[]): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `SELECT sum(length("data"::text) + length(coalesce("calculation"::text, '')) + length(coalesce("enrichment"::text, ''))) FROM "Policy" WHERE "id" = ANY($1::uuid[])`,
      [ids],
    );
  } finally {
    await db.end();
  }
}

export async function tenantIdOf(databaseUrl: string, tag: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(`SELECT "id" FROM "Tenant" WHERE "tag" = $1`, [tag])).rows[0].id as string;
  } finally {
    await db.end();
  }
}

/**
 * Waits until the worker has caught up (no due job left), so one scenario's backlog does not load the
 * next. Jobs of `ignoredTasks` are not waited for.
 */
export async function waitForIdleQueue(
  databaseUrl: string,
  timeoutMs: number,
  ignoredTasks: readonly string[] = ['housekeeping'],
): Promise<{ waitedMs: number; left: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const t0 = performance.now();
  try {
    for (;;) {
      const left = Number(
        (
          await db.query(`SELECT count(*) AS n FROM "Job" WHERE "failedAt" IS NULL AND "runAt" <= now() AND "task" <> ALL($1::text[])`, [
            ignoredTasks,
          ])
        ).rows[0].n,
      );
      const waitedMs = Math.round(performance.now() - t0);
      if (left === 0 || waitedMs > timeoutMs) return { waitedMs, left };
      await sleep(250);
    }
  } finally {
    await db.end();
  }
}
