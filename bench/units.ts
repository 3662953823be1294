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
