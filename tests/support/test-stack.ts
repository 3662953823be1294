import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startStack, type RunningStack } from '../../scripts/stack';

/** A fresh stack for tests: a new embedded PostgreSQL in a temp dir, free ports, demo seed. */
export async function startTestStack(
  options: { workers?: number; env?: Record<string, string>; logName?: string } = {},
): Promise<RunningStack> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'ledger-test-'));
  // As root, PostgreSQL runs as the postgres user, which must be able to enter the directory.
  await chmod(parent, 0o755);
  const dataDir = path.join(parent, 'postgres');
  return startStack({
    dataDir,
    persistentData: false,
    pgPort: await freePort(),
    appPort: await freePort(),
    seedDemo: true,
    workers: options.workers ?? 1,
    logFile: path.join(process.cwd(), 'test-results', options.logName ?? 'stack.log'),
    // Webhook tests deliver to receivers on loopback, and wait for retries in seconds, not days.
    env: {
      LEDGER_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
      LEDGER_WEBHOOK_BACKOFF_BASE_MS: '300',
      LEDGER_WEBHOOK_TIMEOUT_MS: '3000',
      // Disabled after 5 failures in a row, however short the failing.
      LEDGER_WEBHOOK_DISABLE_AFTER_HOURS: '0',
      LEDGER_WEBHOOK_DISABLE_AFTER_FAILURES: '5',
      // Pet cancels for non-payment here, so the arrears job's cancellation is tested; home does not.
      LEDGER_CANCEL_FOR_NON_PAYMENT: 'pet',
      // API tests may pin "now" per request (X-Ledger-Test-Now) to stand at a time-zone boundary.
      LEDGER_TEST_CLOCK: 'enabled',
      ...options.env,
    },
    say: (line) => process.stderr.write(`[stack] ${line}\n`),
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
