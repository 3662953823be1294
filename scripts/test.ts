// `npm test`: every test. Unit tests first (no database), then one stack (embedded PostgreSQL,
// production build, app and worker) shared by the API tests and the Playwright journeys, then
// the chaos tests, which start, crash and restart stacks of their own.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTestStack } from '../tests/support/test-stack';

process.env.NEXT_TELEMETRY_DISABLED = '1';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(process.cwd(), command), ...args], { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const vitest = 'node_modules/vitest/vitest.mjs';
const playwright = 'node_modules/@playwright/test/cli.js';

const steps: { name: string; code: number }[] = [];
steps.push({ name: 'lint', code: await run('node_modules/eslint/bin/eslint.js', ['.']) });
// --- OpenAPI lint: the served document through redocly and spectral (about 5 s) ---
steps.push({ name: 'openapi-lint', code: await run('node_modules/tsx/dist/cli.mjs', ['scripts/lint-openapi.ts']) });
// --- end OpenAPI lint ---
steps.push({ name: 'format', code: await run('node_modules/prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn']) });
steps.push({ name: 'typecheck', code: await run('node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']) });
steps.push({ name: 'unit', code: await run(vitest, ['run', '--project', 'unit']) });

// --- mutation (issue 23) ---------------------------------------------------------------------
// Stryker over the domain's money and state code, incremental against the committed
// reports/stryker-incremental.json (only changed code and tests are run again), then the per-area
// thresholds with the per-file table (scripts/mutation-thresholds.ts).
{
  const stryker = await run('node_modules/@stryker-mutator/core/bin/stryker.js', ['run']);
  const thresholds = stryker === 0 ? await run('node_modules/tsx/dist/cli.mjs', ['scripts/mutation-thresholds.ts']) : 1;
  steps.push({ name: 'mutation', code: stryker === 0 ? thresholds : stryker });
}
// --- end mutation ----------------------------------------------------------------------------

const stack = await startTestStack({ workers: 1 });
try {
  const env = { ...process.env, LEDGER_BASE_URL: stack.baseUrl, DATABASE_URL: stack.databaseUrl };
  steps.push({ name: 'api', code: await run(vitest, ['run', '--project', 'api'], env) });
  // --- security stage (SECURITY.md): the probe's findings replayed by class, on the same stack ---
  steps.push({ name: 'security', code: await run(vitest, ['run', '--project', 'security'], env) });
  // --- end of security stage ---
  steps.push({ name: 'e2e', code: await run(playwright, ['test'], env) });
} finally {
  await stack.stop();
}
// ── Production shape (issue 17) ──────────────────────────────────────────────────────────
// Debian's PostgreSQL server, `npm run migrate`, two app processes behind a health-checked
// balancer and one worker per lane; reuses the build above. Metrics, readiness, a worker
// killed, long polls answered on SIGTERM, a rolling restart under load, and a chosen part of
// the API tests (tests/production/, vitest.config.ts).
steps.push({ name: 'production', code: await run(vitest, ['run', '--project', 'production']) });
// ── end of production shape ──────────────────────────────────────────────────────────────

// ── First installation (issue 13) ────────────────────────────────────────────────────────
// A fresh Debian PostgreSQL with nothing seeded: the admin command creates the first tenant,
// client and admin, the admin creates a broker in the pages, and two app processes share the
// per-tenant rate limit (tests/onboarding/); reuses the build above.
steps.push({ name: 'onboarding', code: await run(vitest, ['run', '--project', 'onboarding']) });
// ── end of first installation ────────────────────────────────────────────────────────────

// Crashes, database restarts and limits, on stacks of their own (about three minutes).
steps.push({ name: 'chaos', code: await run(vitest, ['run', '--project', 'chaos']) });

const failed = steps.filter((step) => step.code !== 0);
console.log(`\n${steps.map((step) => `${step.name}: ${step.code === 0 ? 'passed' : 'FAILED'}`).join('\n')}`);
console.log(`${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
