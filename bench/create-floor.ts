// `node --import tsx bench/create-floor.ts`: what a creation's background preparation may cost if
// create is to reach half the empty route's rate, beside what its statements alone cost. On one
// stack, in rounds: the empty route, the empty POST, create with the general worker paused (the
// request alone: SIGSTOP while the load runs, the queue worked off after), and create as the
// bench runs it. The CPU of a creation is the stack's and the load generator's, the preparation's
// the difference between the last two. PostgreSQL's executor time for each statement comes from
// `pg_stat_statements` (loaded for this run: a restart of the stack's server before the loads):
// the preparation's statements are what a full creation runs beyond the request alone. Prints,
// asserts nothing.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { brokerClient, homeExample } from './client';
import { watchCpu } from './cpu-budget';
import { runLoad } from './load';
import { scenarioLoad, type HotScenario } from './scenarios';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Statement {
  queryid: string;
  calls: number;
  total: number;
  toplevel: boolean;
  query: string;
}

interface Measured {
  rps: number;
  /** CPU ms a request: the stack's processes and the load generator. */
  cpuMs: number;
  /** Executor ms a request by statement, from pg_stat_statements. */
  statements: Map<string, Statement>;
}

runBench(async () => {
  const stack = await startBenchStack({ logName: 'create-floor-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: () => undefined });
  const admin = async <T>(work: (db: pg.Client) => Promise<T>): Promise<T> => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      return await work(db);
    } finally {
      await db.end();
    }
  };
  const statements = async (units: number): Promise<Map<string, Statement>> => {
    const { rows } = await admin((db) =>
      db.query<{ queryid: string; calls: string; total: number; toplevel: boolean; query: string }>(
        `SELECT queryid::text, calls, total_exec_time AS total, toplevel, query FROM pg_stat_statements`,
      ),
    );
    return new Map(
      rows.map((row) => [
        `${row.queryid}:${row.toplevel}`,
        { ...row, calls: Number(row.calls) / units, total: row.total / units, query: row.query.replace(/\s+/g, ' ') },
      ]),
    );
  };
  const queueEmpty = async () => {
    for (;;) {
      const { rows } = await admin((db) =>
        db.query<{ n: string }>(`SELECT count(*) AS n FROM "Job" WHERE "failedAt" IS NULL AND "runAt" <= now()`),
      );
      if (Number(rows[0]!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const signal = (workers: ChildProcess[], name: NodeJS.Signals) => workers.forEach((worker) => worker.kill(name));
  try {
    await admin(async (db) => {
      await db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
      await db.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
    });
    await stack.restartDatabase(100);
    await admin((db) => db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements'));
    const client = await brokerClient(stack.baseUrl);
    const payload = await homeExample(client);
    const context = { baseUrl: stack.baseUrl, headers: client.headers, payload, ids: [], connections: 16, durationS: SECONDS };
    const general = stack.workersIn('general');

    const measure = async (scenario: HotScenario, pauseWorker: boolean): Promise<Measured> => {
      await queueEmpty();
      await admin((db) => db.query('SELECT pg_stat_statements_reset()'));
      if (pauseWorker) signal(general, 'SIGSTOP');
      const watch = watchCpu(stack);
      const result = await runLoad(scenarioLoad(scenario, context));
      const during = watch.read();
      const requests = result.rps * SECONDS;
      let stackMs: number;
      if (pauseWorker) {
        stackMs = Object.values(during.stack).reduce((sum, ms) => sum + ms, 0);
        const byStatement = await statements(requests);
        signal(general, 'SIGCONT');
        await queueEmpty();
        return { rps: result.rps, cpuMs: (stackMs + during.benchProcessMs) / requests, statements: byStatement };
      }
      if (scenario === 'create') await queueEmpty();
      await new Promise((resolve) => setTimeout(resolve, 500));
      stackMs = Object.values(watch.read().stack).reduce((sum, ms) => sum + ms, 0);
      return { rps: result.rps, cpuMs: (stackMs + during.benchProcessMs) / requests, statements: await statements(requests) };
    };

    // The first round warms the JIT and the caches; it is printed, not summed.
    const kept: { empty: Measured; emptyPost: Measured; alone: Measured; full: Measured }[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const empty = await measure('empty', false);
      const emptyPost = await measure('empty-post', false);
      const alone = await measure('create', true);
      const full = await measure('create', false);
      const share = (m: Measured) => `${((100 * m.rps) / empty.rps).toFixed(1)} %`;
      console.log(
        `round ${round}: empty ${empty.rps.toFixed(0)} req/s (${empty.cpuMs.toFixed(2)} ms); empty POST ${share(emptyPost)} (${emptyPost.cpuMs.toFixed(2)} ms); ` +
          `create, request alone ${share(alone)} (${alone.cpuMs.toFixed(2)} ms); create ${share(full)} (${full.cpuMs.toFixed(2)} ms)`,
      );
      if (round > 0) kept.push({ empty, emptyPost, alone, full });
    }
    const mean = (pick: (k: (typeof kept)[number]) => number) => kept.reduce((sum, k) => sum + pick(k), 0) / kept.length;
    const emptyMs = mean((k) => k.empty.cpuMs);
    const aloneMs = mean((k) => k.alone.cpuMs);
    const fullMs = mean((k) => k.full.cpuMs);
    const postMs = mean((k) => k.emptyPost.cpuMs);
    console.log(`\nCPU ms a request, mean of ${kept.length} rounds (the stack's processes and the load generator):`);
    console.log(
      `  empty route ${emptyMs.toFixed(2)}; empty POST ${postMs.toFixed(2)}; create's request alone ${aloneMs.toFixed(2)}; create ${fullMs.toFixed(2)}`,
    );
    console.log(
      `  the preparation: ${(fullMs - aloneMs).toFixed(2)} ms; half the empty route's rate allows a creation ${(2 * emptyMs).toFixed(2)} ms,`,
    );
    console.log(`  which leaves the preparation ${(2 * emptyMs - aloneMs).toFixed(2)} ms after the request alone`);

    // PostgreSQL's executor time of the statements a full creation runs beyond the request alone.
    const last = kept.at(-1)!;
    const rows = [...last.full.statements.entries()]
      .map(([key, statement]) => {
        const alone = last.alone.statements.get(key);
        return { ...statement, calls: statement.calls - (alone?.calls ?? 0), total: statement.total - (alone?.total ?? 0) };
      })
      .filter((row) => row.calls > 0.05)
      .sort((a, b) => b.total - a.total);
    const topLevel = (list: Statement[]) => list.filter((row) => row.toplevel).reduce((sum, row) => sum + row.total, 0);
    console.log(
      `\nPostgreSQL's executor, ms a creation (last round): the request alone ${topLevel([...last.alone.statements.values()]).toFixed(3)},`,
    );
    console.log(
      `the preparation ${topLevel(rows).toFixed(3)} (top-level statements; nested ones are inside them). The preparation's statements:`,
    );
    console.log('  calls   ms a creation   statement');
    for (const row of rows.slice(0, 15)) {
      console.log(
        `  ${row.calls.toFixed(2).padStart(5)} ${row.total.toFixed(4).padStart(10)}        ${row.toplevel ? '' : '(nested) '}${row.query.slice(0, 110)}`,
      );
    }
  } finally {
    signal(stack.workersIn('general'), 'SIGCONT');
    await stack.stop();
  }
});
