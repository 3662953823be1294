// `node --import tsx bench/cpu-per-request.ts [empty|read|actions|create|calculate ...]`: each endpoint
// under load (16 connections, BENCH_SECONDS, default 8) on one bench stack, twice in turn (the first
// pass warms the JIT), with the CPU every process of the stack spent per request, read from /proc:
// what a change to one endpoint saves, steadier than requests per second on a drifting host. The
// app's main thread's time on a core and waiting for one (/proc schedstat) tells a row bound by
// that thread (it never waits) from one bound by the whole machine (it waits, preempted); the
// machine's context switches a request count how often the work crossed between processes.
// BENCH_ACCEPT_GZIP=1 asks for gzip, as most integrations' clients do (the bench's shares are read
// without it, as autocannon sends). Prints, asserts nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import { appThreadPerUnit, cpuPerUnit, watchCpu } from './cpu-budget';
import { runLoad } from './load';
import { isHotScenario, prepareScenarios, scenarioLoad } from './scenarios';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const scenarios = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['empty', 'read', 'actions', 'create', 'calculate'];

runBench(async () => {
  const stack = await startBenchStack({ logName: 'cpu-per-request-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: console.log });
  try {
    const { context } = await prepareScenarios(stack.baseUrl, SECONDS);
    await sleep(3_000);
    // Any other name is read as the quote read, as before.
    const acceptGzip: Record<string, string> = process.env.BENCH_ACCEPT_GZIP === '1' ? { 'accept-encoding': 'gzip' } : {};
    const optionsOf = (scenario: string) => {
      const load = scenarioLoad(isHotScenario(scenario) ? scenario : 'read', context);
      return { ...load, headers: { ...load.headers, ...acceptGzip } };
    };
    for (const [pass, scenario] of [...scenarios.map((s) => [1, s] as const), ...scenarios.map((s) => [2, s] as const)]) {
      const watch = watchCpu(stack);
      const result = await runLoad(optionsOf(scenario));
      // The load generator and the machine during the load itself; the stack's CPU after the wait below.
      const during = watch.read();
      // A creation's background preparation is part of its cost: give the worker time to finish it.
      await sleep(scenario === 'create' ? 8_000 : 500);
      const requests = result.rps * SECONDS;
      const { perProcess, total } = cpuPerUnit(watch.read().stack, requests, 2);
      console.log(
        `pass ${pass} ${scenario}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, errors ${result.errors} | CPU ms a request: ${perProcess}; total ${total}` +
          ` | load generator ${(during.benchProcessMs / requests).toFixed(2)}; machine ${(100 * during.machineBusy).toFixed(0)} % busy, ${(during.contextSwitches / requests).toFixed(1)} context switches a request${appThreadPerUnit(during, requests)}`,
      );
    }
  } finally {
    await stack.stop();
  }
});
