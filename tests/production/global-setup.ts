import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/stack';
import { freePort } from '../support/test-stack';
import { startBalancer } from './balancer';
import { startPostgresServer } from './postgres-server';
import { appReady, clearLogs, exited, runToEnd, startApp, startWorker, waitUntil, workerReady, type WorkerLane } from './processes';

export interface ProductionContext {
  appUrls: string[];
  workerMetricsPorts: Record<WorkerLane, number>;
  metricsToken: string;
  /** Loopback control of the processes (restart an app, kill or start a worker), see below. */
  controlUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    production: ProductionContext;
  }
}

const START_TIMEOUT_MS = 120_000;
/** A stopping app answers its open long polls at once; this bounds the wait for its exit. */
const STOP_TIMEOUT_MS = 30_000;
const LANES: WorkerLane[] = ['general', 'documents'];

// The production shape: Debian's PostgreSQL server, `npm run migrate`, two app processes and
// one worker per lane, behind a health-checked round-robin balancer. The API tests chosen in
// vitest.config.ts run through the balancer; tests/production/ drives the processes through a
// small loopback control server, since the processes belong to this (the main) process.
export default async function setup(project: TestProject) {
  const say = (line: string) => process.stderr.write(`[production] ${line}\n`);
  const t0 = Date.now();
  clearLogs();
  await buildIfStale(say);
  const server = await startPostgresServer(await freePort());
  const apps: ChildProcess[] = [];
  const workers = new Map<WorkerLane, ChildProcess>();
  let control: Server | undefined;
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  // If this process ends without its teardown (Ctrl-C, a crash), nothing it started may outlive it.
  const onExit = () => {
    for (const child of [...apps, ...workers.values()]) child.kill('SIGKILL');
    server.stopNow();
  };
  process.once('exit', onExit);
  const stopAll = async () => {
    process.off('exit', onExit);
    await balancer?.close();
    control?.close();
    const children = [...apps, ...workers.values()];
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => exited(child, STOP_TIMEOUT_MS)));
    await server.stop();
  };
  try {
    const metricsToken = randomBytes(24).toString('base64url');
    const appPorts = [await freePort(), await freePort()];
    const workerMetricsPorts = { general: await freePort(), documents: await freePort() };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: server.appUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      NEXTAUTH_URL: `http://127.0.0.1:${appPorts[0]}`,
      LEDGER_METRICS_TOKEN: metricsToken,
      // Four of the balancer's health-check intervals: it has stopped routing here before the listener closes.
      LEDGER_SHUTDOWN_DELAY_MS: '1000',
    };
    await runToEnd('npm', ['run', 'migrate'], env, 'migrate');
    await runToEnd(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'tests/production/seed-demo.ts')], env, 'seed');
    say(`PostgreSQL server, migrations and test seed in ${Date.now() - t0} ms`);

    const appUrls = appPorts.map((port) => `http://127.0.0.1:${port}`);
    const launchApp = async (index: number) => {
      // The second app runs as it would behind a proxy that compresses: without gzip of its own.
      const child = startApp(appPorts[index]!, index === 1 ? { ...env, LEDGER_HTTP_COMPRESSION: 'off' } : env, `app-${index}`);
      apps[index] = child;
      await waitUntil(`app ${index}`, appReady(appUrls[index]!), child, START_TIMEOUT_MS);
    };
    const launchWorker = async (lane: WorkerLane) => {
      const child = startWorker(lane, workerMetricsPorts[lane], env, `worker-${lane}`);
      workers.set(lane, child);
      await waitUntil(`${lane} worker`, workerReady(workerMetricsPorts[lane], metricsToken), child, START_TIMEOUT_MS);
    };
    await Promise.all([launchApp(0), launchApp(1), ...LANES.map(launchWorker)]);
    balancer = await startBalancer(appUrls, await freePort());
    say(`two app processes, two workers and the balancer ready ${Date.now() - t0} ms after start`);

    // POST /apps/<i>/restart: SIGTERM, wait for the exit, start again, wait for readiness.
    // POST /workers/<lane>/kill (SIGKILL) and /workers/<lane>/start.
    control = createServer((request, response) => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const [, kind, which, action] = (request.url ?? '').split('/');
      const act = async (): Promise<unknown> => {
        if (kind === 'apps' && action === 'restart') {
          const index = Number(which);
          const child = apps[index];
          if (!child) throw new Error(`no app ${which}`);
          const stopStarted = Date.now();
          child.kill('SIGTERM');
          const exit = await exited(child, STOP_TIMEOUT_MS);
          const stopMs = Date.now() - stopStarted;
          const startStarted = Date.now();
          await launchApp(index);
          return { exit, stopMs, startMs: Date.now() - startStarted };
        }
        const lane = which as WorkerLane;
        if (kind === 'workers' && LANES.includes(lane) && action === 'kill') {
          const child = workers.get(lane)!;
          child.kill('SIGKILL');
          return { exit: await exited(child, STOP_TIMEOUT_MS) };
        }
        if (kind === 'workers' && LANES.includes(lane) && action === 'start') {
          await launchWorker(lane);
          return { started: lane };
        }
        throw new Error(`unknown control ${request.url}`);
      };
      act().then(
        (body) => answer(200, body),
        (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
    const controlPort = await freePort();
    await new Promise<void>((resolve) => control!.listen(controlPort, '127.0.0.1', resolve));

    project.provide('baseUrl', balancer.url);
    project.provide('databaseUrl', server.appUrl);
    project.provide('production', { appUrls, workerMetricsPorts, metricsToken, controlUrl: `http://127.0.0.1:${controlPort}` });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
