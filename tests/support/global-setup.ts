import type { TestProject } from 'vitest/node';
import { startTestStack } from './test-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

// API tests speak HTTP to the real app on a real PostgreSQL. `npm test` starts one stack and
// passes LEDGER_BASE_URL / DATABASE_URL; run alone (`npm run test:api`), this starts its own.
export default async function setup(project: TestProject) {
  if (process.env.LEDGER_BASE_URL && process.env.DATABASE_URL) {
    project.provide('baseUrl', process.env.LEDGER_BASE_URL);
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return;
  }
  const stack = await startTestStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  return async () => stack.stop();
}
