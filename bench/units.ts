import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningStack } from '../scripts/stack';
import { benchLifecycle } from './lifecycle';
import { runLoad } from './load';
import { prepareScenarios, scenarioLoad, type HotScenario } from './scenarios';

// One load of a scenario counted in units of work (requests; issued policies for the lifecycle), for
// the tools that divide what the server spent by what it did (bench/pg-*.ts).

export type UnitScenario = HotScenario | 'lifecycle';

/** Prepares the scenario's client and quotes once; each call of the answer runs one load and answers its units. */
export async function unitLoad(stack: RunningStack, scenario: UnitScenario, seconds: number): Promise<() => Promise<number>> {
  const needsQuotes = scenario === 'read' || scenario === 'actions' || scenario === 'calculate';
  const { client, context } = await prepareScenarios(stack.baseUrl, seconds, needsQuotes ? 50 : 0);
  if (scenario === 'lifecycle') return async () => (await benchLifecycle(client, context.payload, 16, seconds)).issuedPerSecond * seconds;
  return async () => (await runLoad(scenarioLoad(scenario, context))).rps * seconds;
}

/**
 * Runs the load twice (the first warms the JIT and the caches) and reads `read` before and after
 * the second, each load followed by time for the jobs it queued: a creation's preparation, and
 * after the warm-up lifecycle 40 s for the documents lane to work off its PDFs.
 */
export async function aroundSecondLoad<T>(
  scenario: UnitScenario,
  run: () => Promise<number>,
  read: () => T,
): Promise<{ units: number; before: T; after: T }> {
  const settleMs = scenario === 'create' || scenario === 'lifecycle' ? 8_000 : 1_000;
  await run();
  await sleep(scenario === 'lifecycle' ? 40_000 : settleMs);
  const before = read();
  const units = await run();
  await sleep(settleMs);
  return { units, before, after: read() };
}
