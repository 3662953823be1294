// `node --import tsx bench/create-share.ts`: the create figure alone, measured as `npm run bench`
// measures it (2 s of warm-up, the empty route, then the creations, each run after the queue has
// emptied), BENCH_RUNS times (default 5) on one stack, every run's share printed: a quicker way
// to compare two versions of the create path than the whole bench. Prints, asserts nothing.
import { waitForIdleQueue } from './bulk';
import { runLoad } from './load';
import { prepareScenarios, scenarioLoad } from './scenarios';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);

runBench(async () => {
  const stack = await startBenchStack({ logName: 'create-share-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: console.log });
  try {
    const { context } = await prepareScenarios(stack.baseUrl, SECONDS);
    const empty = scenarioLoad('empty', context);
    const create = scenarioLoad('create', context);
    const shares: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      await waitForIdleQueue(stack.databaseUrl, 120_000);
      await runLoad({ ...create, durationS: 2 });
      const ceiling = await runLoad(empty);
      const result = await runLoad(create);
      shares.push(result.rps / ceiling.rps);
      // Preparations still queued when the load ends were not paid for inside it.
      const { waitedMs } = await waitForIdleQueue(stack.databaseUrl, 120_000);
      console.log(
        `run ${run}: empty ${ceiling.rps.toFixed(0)} req/s, create ${result.rps.toFixed(0)} req/s, ${((100 * result.rps) / ceiling.rps).toFixed(1)} %; the queue emptied ${waitedMs} ms after the load`,
      );
    }
    const sorted = [...shares].sort((a, b) => a - b);
    console.log(
      `median ${(100 * sorted[Math.floor((sorted.length - 1) / 2)]!).toFixed(1)} % (${sorted.map((share) => (100 * share).toFixed(1)).join(', ')})`,
    );
  } finally {
    await stack.stop();
  }
});
