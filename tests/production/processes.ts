import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { APP_NODE_FLAGS, SERVER_NODE_FLAGS } from '../../scripts/stack';

// The processes of a production deployment, started as the README's production section says:
// `npm run migrate` once, `next start` per app process, `npm run worker` per worker process
// (here with node directly, so that a signal reaches the process itself and not npm).

const root = process.cwd();
const logDir = path.join(root, 'test-results', 'production');

export type WorkerLane = 'general' | 'documents';

/** Each run starts with empty logs (a restarted process appends to its predecessor's). */
export function clearLogs(): void {
  rmSync(logDir, { recursive: true, force: true });
}

function logTo(name: string): number {
  mkdirSync(logDir, { recursive: true });
  return openSync(path.join(logDir, `${name}.log`), 'a');
}

export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = logTo(name);
    const child = spawn(command, args, { env, stdio: ['ignore', log, log] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}; see test-results/production/${name}.log`)),
    );
  });
}

export function startApp(port: number, env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const log = logTo(name);
  return spawn(
    process.execPath,
    [...APP_NODE_FLAGS, path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', log, log],
    },
  );
}

export function startWorker(lane: WorkerLane, metricsPort: number, env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const log = logTo(name);
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'scripts/worker.ts')], {
    env: { ...env, WORKER_LANE: lane, WORKER_METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', log, log],
  });
}

export async function waitUntil(what: string, ready: () => Promise<boolean>, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      if (await ready()) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs} ms`);
}

export function appReady(baseUrl: string): () => Promise<boolean> {
  return async () => (await fetch(`${baseUrl}/api/ready`)).status === 200;
}

export function workerReady(metricsPort: number, token: string): () => Promise<boolean> {
  return async () =>
    (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status === 200;
}

/** Resolves with the exit code (or signal) once the process has ended; SIGKILLs it after `timeoutMs`. */
export function exited(child: ChildProcess, timeoutMs: number): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}
