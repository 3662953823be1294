import type { RunningStack } from '../../scripts/stack';
import { targetApp } from '../support/api';
import { targetDatabase } from '../support/db';
import { startTestStack } from '../support/test-stack';

// Chaos tests run on a stack of their own (they kill its workers, restart its database and
// throttle it), started by each file with the settings it needs.

export async function startChaosStack(name: string, env: Record<string, string>, workers = 1): Promise<RunningStack> {
  const stack = await startTestStack({ workers, env, logName: `chaos-${name}.log` });
  targetApp(stack.baseUrl);
  targetDatabase(stack.databaseUrl);
  return stack;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
