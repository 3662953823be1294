// `node --import tsx bench/create-floor.ts`: what a creation's background preparation may cost if
// create is to reach half the empty route's rate, beside what it costs. On one stack, in rounds:
// the empty route, the empty POST, the floor of a creation (the create body parsed and one durable
// commit, `POST /api/bench/round-trip`), create with the general worker paused (the request alone:
// SIGSTOP while the load runs, the queue worked off after), and create as the bench runs it. The
// CPU of a request is the stack's and the load generator's; the request's own work is the request
// alone less the floor, the preparation's the difference between the last two. Half the empty
// route's rate on this machine's cores allows a creation cores / (rate / 2) of CPU, were every core
// kept busy. `bench/pg-statements.ts create` says which statements the preparation's part of
// PostgreSQL is. Prints, asserts nothing.
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { brokerClient, homeExample } from './client';
import { watchCpu } from './cpu-budget';
import { runLoad } from './load';
import { scenarioLoad, type HotScenario } from './scenarios';
import { runBench, startBenchStack, withStackDatabase } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Measured {
  rps: number;
  /** CPU ms a request: the stack's processes and the load generator. */
  cpuMs: number;
}

runBench(async () => {
  const stack = await startBenchStack({ logName: 'create-floor-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: () => undefined });
  const admin = <T>(work: (db: pg.Client) => Promise<T>) => withStackDatabase(stack, work);
  const queueEmpty = async () => {
    for (;;) {
      const { rows } = await admin((db) =>
        db.query<{ n: string }>(`SELECT count(*) AS n FROM "Job" WHERE "failedAt" IS NULL AND "runAt" <= now()`),
      );
      if (Number(rows[0]!.n) === 0) return;
      await sleep(250);
    }
  };
  const signal = (workers: ChildProcess[], name: NodeJS.Signals) => workers.forEach((worker) => worker.kill(name));
  try {
    const client = await brokerClient(stack.baseUrl);
    const payload = await homeExample(client);
    const context = { baseUrl: stack.baseUrl, headers: client.headers, payload, ids: [], connections: 16, durationS: SECONDS };
    const general = stack.workersIn('general');

    const measure = async (scenario: HotScenario, pauseWorker: boolean): Promise<Measured> => {
      await queueEmpty();
      if (pauseWorker) signal(general, 'SIGSTOP');
      const watch = watchCpu(stack);
      const result = await runLoad(scenarioLoad(scenario, context));
      const during = watch.read();
      const requests = result.rps * SECONDS;
      let stackMs: number;
      if (pauseWorker) {
        stackMs = Object.values(during.stack).reduce((sum, ms) => sum + ms, 0);
        signal(general, 'SIGCONT');
        await queueEmpty();
        return { rps: result.rps, cpuMs: (stackMs + during.benchProcessMs) / requests };
      }
      if (scenario === 'create') await queueEmpty();
      await sleep(500);
      stackMs = Object.values(watch.read().stack).reduce((sum, ms) => sum + ms, 0);
      return { rps: result.rps, cpuMs: (stackMs + during.benchProcessMs) / requests };
    };

    // The first round warms the JIT and the caches; it is printed, not summed.
    const kept: { empty: Measured; emptyPost: Measured; floor: Measured; alone: Measured; full: Measured }[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const empty = await measure('empty', false);
      const emptyPost = await measure('empty-post', false);
      const floor = await measure('floor-create', false);
      const alone = await measure('create', true);
      const full = await measure('create', false);
      const share = (m: Measured) => `${((100 * m.rps) / empty.rps).toFixed(1)} %`;
      console.log(
        `round ${round}: empty ${empty.rps.toFixed(0)} req/s (${empty.cpuMs.toFixed(2)} ms); empty POST ${share(emptyPost)} (${emptyPost.cpuMs.toFixed(2)} ms); ` +
          `floor ${share(floor)} (${floor.cpuMs.toFixed(2)} ms); ` +
          `create, request alone ${share(alone)} (${alone.cpuMs.toFixed(2)} ms); create ${share(full)} (${full.cpuMs.toFixed(2)} ms)`,
      );
      if (round > 0) kept.push({ empty, emptyPost, floor, alone, full });
    }
    const mean = (pick: (k: (typeof kept)[number]) => number) => kept.reduce((sum, k) => sum + pick(k), 0) / kept.length;
    const emptyRps = mean((k) => k.empty.rps);
    const floorMs = mean((k) => k.floor.cpuMs);
    const aloneMs = mean((k) => k.alone.cpuMs);
    const fullMs = mean((k) => k.full.cpuMs);
    const cores = os.availableParallelism();
    const allowedMs = (cores * 1000) / (emptyRps / 2);
    console.log(`\nMeans of ${kept.length} rounds, CPU ms a request (the stack's processes and the load generator):`);
    console.log(
      `  empty route ${mean((k) => k.empty.cpuMs).toFixed(2)} (${emptyRps.toFixed(0)} req/s); empty POST ${mean((k) => k.emptyPost.cpuMs).toFixed(2)}; ` +
        `the floor (the body, one durable commit) ${floorMs.toFixed(2)}`,
    );
    console.log(
      `  create's request alone ${aloneMs.toFixed(2)}, so its own work beyond the floor ${(aloneMs - floorMs).toFixed(2)}; ` +
        `create ${fullMs.toFixed(2)}, so the preparation ${(fullMs - aloneMs).toFixed(2)}`,
    );
    console.log(`  half the empty route's rate on ${cores} cores allows a creation ${allowedMs.toFixed(2)} ms with every core busy,`);
    console.log(`  which leaves the preparation ${(allowedMs - aloneMs).toFixed(2)} ms after the request alone`);
    console.log(`  and the request's work and the preparation ${(allowedMs - floorMs).toFixed(2)} ms after the floor`);
  } finally {
    signal(stack.workersIn('general'), 'SIGCONT');
    await stack.stop();
  }
});
