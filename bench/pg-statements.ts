// `node --import tsx bench/pg-statements.ts [create|calculate|lifecycle]`: the statements PostgreSQL
// ran for one load, per unit of work (a creation, a calculation, an issued policy): how many times
// each ran and its execution time, from `pg_stat_statements` with nested statements tracked (the
// feed's deferred trigger, for one). Says which statement a change should remove or make cheaper,
// and whether the queue claims more often than it finds work. The stack's server loads the
// extension for this run only (a restart before the loads). Prints, asserts nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { runBench, startBenchStack, withStackDatabase } from './stack';
import { unitLoad } from './units';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const scenario = process.argv[2] ?? 'create';
const SHOWN = Number(process.env.BENCH_STATEMENTS ?? 25);

runBench(async () => {
  const stack = await startBenchStack({ logName: 'pg-statements-stack.log', say: () => undefined });
  const admin = <T>(work: (db: pg.Client) => Promise<T>) => withStackDatabase(stack, work);
  try {
    await admin(async (db) => {
      await db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
      await db.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
    });
    await stack.restartDatabase(100);
    await admin((db) => db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements'));
    const run = await unitLoad(stack, scenario === 'lifecycle' || scenario === 'calculate' ? scenario : 'create', SECONDS);
    const settleMs = scenario === 'calculate' ? 1_000 : scenario === 'lifecycle' ? 40_000 : 8_000;
    await run();
    await sleep(settleMs);
    await admin((db) => db.query('SELECT pg_stat_statements_reset()'));
    const units = await run();
    await sleep(settleMs);
    const rows = await admin(
      async (db) =>
        (
          await db.query<{ calls: string; total: number; query: string; toplevel: boolean }>(
            `SELECT calls, total_exec_time AS total, toplevel, query FROM pg_stat_statements ORDER BY total_exec_time DESC`,
          )
        ).rows,
    );
    const all = rows.filter((row) => row.toplevel).reduce((sum, row) => sum + row.total, 0);
    console.log(`${scenario}: ${units.toFixed(0)} units in ${SECONDS} s; top-level execution ${(all / units).toFixed(3)} ms a unit`);
    console.log('  calls a unit   ms a unit   ms a call   statement (nested: not top level)');
    for (const row of rows.slice(0, SHOWN)) {
      const calls = Number(row.calls);
      const text = row.query.replace(/\s+/g, ' ').slice(0, 150);
      console.log(
        `  ${(calls / units).toFixed(2).padStart(11)} ${(row.total / units).toFixed(4).padStart(11)} ${(row.total / calls).toFixed(4).padStart(11)}   ${row.toplevel ? '' : '(nested) '}${text}`,
      );
    }
  } finally {
    await stack.stop();
  }
});
