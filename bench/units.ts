import type { RunningStack } from '../scripts/stack';
import { brokerClient, calculatedQuotes, homeExample } from './client';
import { benchLifecycle } from './lifecycle';
import { runLoad } from './load';
import { scenarioLoad, type HotScenario } from './scenarios';

// One load of a scenario counted in units of work (requests; issued policies for the lifecycle), for
// the tools that divide what the server spent by what it did (bench/pg-*.ts).

export type UnitScenario = HotScenario | 'lifecycle';

/** Prepares the scenario's client and quotes once; each call of the answer runs one load and answers its units. */
export async function unitLoad(stack: RunningStack, scenario: UnitScenario, seconds: number): Promise<() => Promise<number>> {
  const client = await brokerClient(stack.baseUrl);
  const payload = await homeExample(client);
  if (scenario === 'lifecycle') return async () => (await benchLifecycle(client, payload, 16, seconds)).issuedPerSecond * seconds;
  const needsQuotes = scenario === 'read' || scenario === 'actions' || scenario === 'calculate';
  const ids = needsQuotes ? await calculatedQuotes(client, payload, 50) : [];
  const context = { baseUrl: stack.baseUrl, headers: client.headers, payload, ids, connections: 16, durationS: seconds };
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
  await new Promise((resolve) => setTimeout(resolve, scenario === 'lifecycle' ? 40_000 : settleMs));
  const before = read();
  const units = await run();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { units, before, after: read() };
}
