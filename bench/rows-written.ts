// `node --import tsx bench/rows-written.ts [create|calculate|lifecycle]`: the rows PostgreSQL wrote
// per unit of work (a creation, a calculation, an issued policy), by table: inserted, updated (and
// how many of those updates were HOT, which writes no index entry), deleted, beside the table's
// index count. Every insert and every update that is not HOT writes one entry into each index, and
// an update leaves a dead row for vacuum: which writes a change could spare. Read from
// pg_stat_user_tables around a second load, once its jobs are done; backends report their counts
// when idle, so each reading waits for them. Prints, asserts nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { waitForIdleQueue } from './bulk';
import { runBench, startBenchStack } from './stack';
import { unitLoad } from './units';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const scenario = process.argv[2] === 'calculate' || process.argv[2] === 'lifecycle' ? process.argv[2] : 'create';
/** PostgreSQL's backends send their table counts after at most this long idle (PGSTAT_IDLE_INTERVAL). */
const STATS_REPORTED_MS = 11_000;
const QUIET_TIMEOUT_MS = 600_000;

interface TableCounts {
  inserted: number;
  updated: number;
  hot: number;
  deleted: number;
  indexes: number;
}

async function tableCounts(db: pg.Client): Promise<Map<string, TableCounts>> {
  await sleep(STATS_REPORTED_MS);
  const { rows } = await db.query<{ relname: string; ins: string; upd: string; hot: string; del: string; indexes: string }>(
    `SELECT t.relname, t.n_tup_ins AS ins, t.n_tup_upd AS upd, t.n_tup_hot_upd AS hot, t.n_tup_del AS del,
       (SELECT count(*) FROM pg_index i WHERE i.indrelid = t.relid) AS indexes
     FROM pg_stat_user_tables t`,
  );
  return new Map(
    rows.map((row) => [
      row.relname,
      { inserted: Number(row.ins), updated: Number(row.upd), hot: Number(row.hot), deleted: Number(row.del), indexes: Number(row.indexes) },
    ]),
  );
}

runBench(async () => {
  const stack = await startBenchStack({ logName: 'rows-written-stack.log', say: () => undefined });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const run = await unitLoad(stack, scenario, SECONDS);
    // The first load warms the JIT and the caches. Each reading waits for the jobs the loads queued
    // (a creation's preparation, an issue's PDFs): the counted load's rows include its jobs', and
    // none of the first's.
    await run();
    await waitForIdleQueue(stack.databaseUrl, QUIET_TIMEOUT_MS);
    const start = await tableCounts(db);
    const units = await run();
    await waitForIdleQueue(stack.databaseUrl, QUIET_TIMEOUT_MS);
    const end = await tableCounts(db);
    console.log(
      `${scenario}: ${units.toFixed(0)} units; rows a unit by table (an insert or an update that is not HOT writes an entry into each index)`,
    );
    console.log(
      `${'table'.padEnd(24)} ${'inserted'.padStart(9)} ${'updated'.padStart(9)} ${'of them HOT'.padStart(12)} ${'deleted'.padStart(9)} ${'indexes'.padStart(8)} ${'index entries'.padStart(14)}`,
    );
    let entries = 0;
    for (const [table, counts] of [...end].sort(([a], [b]) => a.localeCompare(b))) {
      const was = start.get(table) ?? { inserted: 0, updated: 0, hot: 0, deleted: 0 };
      const [inserted, updated, hot, deleted] = (['inserted', 'updated', 'hot', 'deleted'] as const).map(
        (key) => (counts[key] - was[key]) / units,
      ) as [number, number, number, number];
      if (inserted + updated + deleted < 0.005) continue;
      // An upper bound: a partial index takes only the rows its predicate admits.
      const written = (inserted + updated - hot) * counts.indexes;
      entries += written;
      console.log(
        `${table.padEnd(24)} ${inserted.toFixed(2).padStart(9)} ${updated.toFixed(2).padStart(9)} ${hot.toFixed(2).padStart(12)} ${deleted.toFixed(2).padStart(9)} ${String(counts.indexes).padStart(8)} ${written.toFixed(1).padStart(14)}`,
      );
    }
    console.log(`index entries a unit in all, at most: ${entries.toFixed(1)}`);
  } finally {
    await db.end();
    await stack.stop();
  }
});
