import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack, type RunningStack } from '../scripts/stack';
import { freePort } from '../tests/support/test-stack';

// The stack every bench command measures: a throwaway embedded PostgreSQL with the demo tenants,
// one general worker beside the documents and webhooks lanes, and no per-tenant rate limit (the
// bench is one client hammering one tenant).

export async function startBenchStack(options: {
  /** The stack's log, under test-results/. */
  logName: string;
  env?: Record<string, string>;
  say: (line: string) => void;
}): Promise<RunningStack> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-'));
  await chmod(parent, 0o755); // the server runs as the postgres user
  return startStack({
    dataDir: path.join(parent, 'postgres'),
    persistentData: false,
    pgPort: await freePort(),
    appPort: await freePort(),
    seedDemo: true,
    workers: 1,
    logFile: path.join(process.cwd(), 'test-results', options.logName),
    env: { LEDGER_RATE_LIMIT_RPS: '0', ...options.env },
    say: (line) => options.say(`[stack] ${line}`),
  });
}

/** Runs a bench command's main and exits with its outcome (the stack's handles would keep the process alive). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** A connection of the bench's own to the stack's database for the length of `work`. */
export async function withStackDatabase<T>(stack: RunningStack, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
