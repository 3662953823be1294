// `node --import tsx bench/load-level-cpu.ts [empty-id empty-post read ...]`: the app's CPU a
// request at 1, 2, 4, 8, 16 and 32 connections, one route at a time, twice (the first pass warms
// the JIT). The same route costs the app's thread more a request when fewer requests arrive
// together: each is woken, read, answered and flushed on its own turn of the event loop. The
// lifecycle's clients each wait for one answer before the next request, so its requests meet that
// cost, not the one of the empty route at full load. Prints, asserts nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import { appThreadPerUnit, cpuPerUnit, watchCpu } from './cpu-budget';
import { runLoad } from './load';
import { isHotScenario, prepareScenarios, scenarioLoad } from './scenarios';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LEVELS = [1, 2, 4, 8, 16, 32];
const named = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['empty-id', 'empty-post'];

runBench(async () => {
  const unknown = named.filter((name) => !isHotScenario(name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}`);
  const scenarios = named.filter(isHotScenario);
  const stack = await startBenchStack({ logName: 'load-level-cpu-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: console.log });
  try {
    const { context: prepared } = await prepareScenarios(stack.baseUrl, SECONDS);
    await sleep(3_000);
    for (const pass of [1, 2]) {
      for (const scenario of scenarios) {
        for (const connections of LEVELS) {
          const watch = watchCpu(stack);
          const result = await runLoad(scenarioLoad(scenario, { ...prepared, connections }));
          const reading = watch.read();
          const { 'documents worker': _documents, ...stackUsed } = reading.stack;
          const app = cpuPerUnit({ app: stackUsed.app ?? 0 }, result.requests, 2).total;
          console.log(
            `pass ${pass} ${scenario.padEnd(10)} ${String(connections).padStart(2)} connections: ${result.rps.toFixed(0).padStart(5)} req/s, app ${app} ms a request${appThreadPerUnit(reading, result.requests)}`,
          );
          await sleep(500);
        }
      }
    }
  } finally {
    await stack.stop();
  }
});
