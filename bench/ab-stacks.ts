// `BENCH_AB_ENV='NAME=value' node --import tsx bench/ab-stacks.ts <scenario> [rounds]`: one code, two
// bench stacks side by side, the second started with the setting, loaded by turns (the empty route
// then the scenario, 4 s slices, each stack's pair right after the other's, the first stack going
// first in odd rounds and second in even ones). On a host whose speed drifts within minutes,
// stacks started apart and measured minutes apart differ by more than most changes; two pairs
// seconds apart share the host's moment. Prints each pair's share of its own empty route and the
// p99 and the stack's CPU a request, then the medians. The idle stack waits for its turn. Asserts nothing.
// BENCH_AB_SQL, when set, runs on the second stack's database after its migrations and seed (a schema
// change compared without a release of its own: an index, a table's storage).
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuPerUnit, watchCpu } from './cpu-budget';
import { runLoad } from './load';
import { medianValue } from './repeat';
import { isHotScenario, prepareScenarios, scenarioLoad, type ScenarioContext } from './scenarios';
import { runBench, startBenchStack, withStackDatabase } from './stack';
import type { RunningStack } from '../scripts/stack';

const SLICE_SECONDS = 4;
/** Quotes made beforehand for the scenarios that pick one, as many as `npm run bench` makes. */
const QUOTES = 200;
const [scenario = 'calculate', roundsArg = '6'] = process.argv.slice(2);
const ROUNDS = Math.max(1, Number(roundsArg) || 6);
const setting = process.env.BENCH_AB_ENV ?? '';
const secondStackSql = process.env.BENCH_AB_SQL ?? '';
const [name, ...valueParts] = setting.split('=');
if (!name || valueParts.length === 0 || !isHotScenario(scenario)) {
  console.error(
    "usage: BENCH_AB_ENV='NAME=value' [BENCH_AB_SQL='…'] node --import tsx bench/ab-stacks.ts <empty|read|actions|create|calculate|…> [rounds]",
  );
  process.exit(2);
}

function seedDemoIn(databaseUrl: string): void {
  const script =
    "const { seedDemoTenants } = await import('@/lib/db/seed-demo'); await seedDemoTenants();" +
    " const { ensureSigningKey } = await import('@/lib/auth/keys'); await ensureSigningKey(); process.exit(0);";
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
}

runBench(async () => {
  const labels = ['as it is', secondStackSql === '' ? setting : `${setting} + SQL`];
  const stacks: RunningStack[] = [];
  try {
    stacks.push(await startBenchStack({ logName: 'ab-stacks-a.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: () => {} }));
    stacks.push(
      await startBenchStack({ logName: 'ab-stacks-b.log', env: { LEDGER_BENCH_ROUTES: '1', [name]: valueParts.join('=') }, say: () => {} }),
    );
    // One process holds one database client, the first stack's: the second's demo tenants and
    // signing key are made by a process of their own.
    seedDemoIn(stacks[1]!.databaseUrl);
    if (secondStackSql !== '') await withStackDatabase(stacks[1]!, (db) => db.query(secondStackSql));
    const contexts: ScenarioContext[] = [];
    for (const stack of stacks) {
      contexts.push((await prepareScenarios(stack.baseUrl, SLICE_SECONDS, QUOTES)).context);
    }
    // Warm both: a pair each, not counted.
    const pair = async (index: number) => {
      const context = contexts[index]!;
      const empty = await runLoad(scenarioLoad('empty', context));
      const watch = watchCpu(stacks[index]!);
      const loaded = await runLoad(scenarioLoad(scenario, context));
      await sleep(scenario === 'create' ? 4_000 : 300);
      const { total } = cpuPerUnit(watch.read().stack, loaded.rps * SLICE_SECONDS, 2);
      return { share: loaded.rps / empty.rps, rps: loaded.rps, p99: loaded.p99, empty: empty.rps, cpu: Number(total) };
    };
    await pair(0);
    await pair(1);
    const shares: number[][] = [[], []];
    const cpus: number[][] = [[], []];
    const p99s: number[][] = [[], []];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const index of round % 2 === 1 ? [0, 1] : [1, 0]) {
        const result = await pair(index);
        shares[index]!.push(result.share);
        cpus[index]!.push(result.cpu);
        p99s[index]!.push(result.p99);
        console.log(
          `round ${round} ${labels[index]!.padEnd(34)} ${scenario} ${result.rps.toFixed(0)} req/s against the empty route's ${result.empty.toFixed(0)}: ${(100 * result.share).toFixed(1)} %, p99 ${result.p99.toFixed(0)} ms, ${result.cpu.toFixed(2)} ms of the stack's CPU a request`,
        );
      }
    }
    for (const index of [0, 1]) {
      console.log(
        `median ${labels[index]!.padEnd(33)} ${(100 * medianValue(shares[index]!).median).toFixed(1)} % (${shares[index]!.map((s) => (100 * s).toFixed(0)).join(', ')}), p99 ${medianValue(p99s[index]!).median.toFixed(0)} ms (${medianValue(p99s[index]!).values.join(', ')}), ${medianValue(cpus[index]!).median.toFixed(2)} ms a request`,
      );
    }
  } finally {
    await Promise.all(stacks.map((stack) => stack.stop()));
  }
});
