import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/stack';
import { startPostgresServer } from '../production/postgres-server';
import { appReady, exited, runToEnd, startApp, startWorker, waitUntil, workerReady } from '../production/processes';
import { freePort } from '../support/test-stack';

export interface OnboardingContext {
  appUrls: string[];
  databaseUrl: string;
  /** What the admin command needs: the database and the public URL of the pages. */
  commandEnv: Record<string, string>;
  /** The shared per-tenant limit the apps run with (LEDGER_RATE_LIMIT_SHARED=1). */
  rateLimitRps: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    onboarding: OnboardingContext;
  }
}

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const RATE_LIMIT_RPS = 20;

// A first installation as the README's production section describes it: Debian's PostgreSQL
// with an unprivileged role, `npm run migrate`, and nothing seeded (no demo tenants, no known
// secret). Two app processes share the per-tenant rate limit through the database, and one
// general-lane worker rates the quotes. Everything else is done by the tests, through the admin
// command, the API and the pages.
export default async function setup(project: TestProject) {
  const say = (line: string) => process.stderr.write(`[onboarding] ${line}\n`);
  const t0 = Date.now();
  await buildIfStale(say);
  const server = await startPostgresServer(await freePort());
  const children: ChildProcess[] = [];
  const onExit = () => {
    for (const child of children) child.kill('SIGKILL');
    server.stopNow();
  };
  process.once('exit', onExit);
  const stopAll = async () => {
    process.off('exit', onExit);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => exited(child, STOP_TIMEOUT_MS)));
    await server.stop();
  };
  try {
    const appPorts = [await freePort(), await freePort()];
    const metricsPort = await freePort();
    const metricsToken = randomBytes(24).toString('base64url');
    const siteUrl = `http://127.0.0.1:${appPorts[0]}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: server.appUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      NEXTAUTH_URL: siteUrl,
      LEDGER_METRICS_TOKEN: metricsToken,
      LEDGER_SHUTDOWN_DELAY_MS: '0',
      LEDGER_RATE_LIMIT_SHARED: '1',
      LEDGER_RATE_LIMIT_RPS: String(RATE_LIMIT_RPS),
      LEDGER_RATE_LIMIT_BURST: String(RATE_LIMIT_RPS * 2),
    };
    delete env.LEDGER_SEED_DEMO;
    await runToEnd('npm', ['run', 'migrate'], env, 'onboarding-migrate');
    say(`PostgreSQL server and migrations in ${Date.now() - t0} ms (nothing seeded)`);
    const appUrls = appPorts.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all([
      ...appPorts.map(async (port, index) => {
        const child = startApp(port, env, `onboarding-app-${index}`);
        children.push(child);
        await waitUntil(`app ${index}`, appReady(appUrls[index]!), child, START_TIMEOUT_MS);
      }),
      (async () => {
        const child = startWorker('general', metricsPort, env, 'onboarding-worker');
        children.push(child);
        await waitUntil('worker', workerReady(metricsPort, metricsToken), child, START_TIMEOUT_MS);
      })(),
    ]);
    say(`two app processes and a worker ready ${Date.now() - t0} ms after start`);
    project.provide('onboarding', {
      appUrls,
      databaseUrl: server.appUrl,
      commandEnv: { DATABASE_URL: server.appUrl, NEXTAUTH_URL: siteUrl },
      rateLimitRps: RATE_LIMIT_RPS,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
