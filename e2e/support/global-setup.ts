import { startTestStack } from '../../tests/support/test-stack';

export default async function globalSetup() {
  if (process.env.LEDGER_BASE_URL) return undefined;
  const stack = await startTestStack();
  process.env.LEDGER_BASE_URL = stack.baseUrl;
  process.env.DATABASE_URL = stack.databaseUrl;
  return async () => stack.stop();
}
