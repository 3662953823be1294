// `npm test`: every test. Unit tests first (no database), then one stack (embedded PostgreSQL,
// production build, app and worker) shared by the API tests and the Playwright journeys, then
// the chaos tests, which start, crash and restart stacks of their own.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startTestStack } from '../tests/support/test-stack';
import { digestLines, playwrightFailures, readReport, vitestFailures, withoutColours } from './failure-digest';

process.env.NEXT_TELEMETRY_DISABLED = '1';
// One fast-check seed for every stage, so that the digest at the end can say how to repeat a failure.
process.env.LEDGER_FC_SEED ??= String(Math.floor(Math.random() * 2 ** 31));

const TAIL_LINES = 30;

interface Step {
  name: string;
  code: number;
  /** The last lines the stage printed, for the digest of a stage without a report. */
  tail: string[];
  /** The stage's JSON report of its tests, when it writes one. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
}

/** Runs a stage, passing its output through as it comes and keeping its last lines. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; tail: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(process.cwd(), command), ...args], { stdio: ['inherit', 'pipe', 'pipe'], env });
    let last = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      last = (last + chunk.toString()).slice(-16_384);
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), tail: withoutColours(last).trimEnd().split('\n').slice(-TAIL_LINES) }),
    );
  });
}

const vitest = 'node_modules/vitest/vitest.mjs';
const playwright = 'node_modules/@playwright/test/cli.js';
const reports = path.join(process.cwd(), 'test-results', 'summary');
rmSync(reports, { recursive: true, force: true });

/** A vitest project as a stage, writing its JSON report for the digest. */
async function vitestStage(name: string, env: NodeJS.ProcessEnv = process.env): Promise<Step> {
  const file = path.join(reports, `${name}.json`);
  const args = ['run', '--project', name, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  return { name, ...(await run(vitest, args, env)), report: { kind: 'vitest', file } };
}

/** A failed stage's failures from its report, or the last lines it printed when it wrote none. */
function digestOf(step: Step): string[] {
  const report = step.report && readReport<object>(step.report.file);
  if (step.report && report) {
    const failures = step.report.kind === 'vitest' ? vitestFailures(report, process.cwd()) : playwrightFailures(report);
    if (failures.length > 0) return digestLines(step.name, failures);
  }
  return [`${step.name}: exit code ${step.code}; its last lines:`, ...step.tail.map((line) => `  | ${line}`)];
}

const steps: Step[] = [];
steps.push({ name: 'lint', ...(await run('node_modules/eslint/bin/eslint.js', ['.'])) });
// --- OpenAPI lint: the served document through redocly and spectral (about 5 s) ---
steps.push({ name: 'openapi-lint', ...(await run('node_modules/tsx/dist/cli.mjs', ['scripts/lint-openapi.ts'])) });
// --- end OpenAPI lint ---
steps.push({ name: 'format', ...(await run('node_modules/prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn'])) });
steps.push({ name: 'typecheck', ...(await run('node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json'])) });
steps.push(await vitestStage('unit'));

// --- mutation (issue 23) ---------------------------------------------------------------------
// Stryker over the domain's money and state code, incremental against the committed
// reports/stryker-incremental.json (only changed code and tests are run again), then the per-area
// thresholds with the per-file table (scripts/mutation-thresholds.ts).
{
  const stryker = await run('node_modules/@stryker-mutator/core/bin/stryker.js', ['run']);
  const thresholds = stryker.code === 0 ? await run('node_modules/tsx/dist/cli.mjs', ['scripts/mutation-thresholds.ts']) : stryker;
  steps.push({ name: 'mutation', ...thresholds });
}
// --- end mutation ----------------------------------------------------------------------------

const stack = await startTestStack({ workers: 1 });
try {
  const env = { ...process.env, LEDGER_BASE_URL: stack.baseUrl, DATABASE_URL: stack.databaseUrl };
  steps.push(await vitestStage('api', env));
  // --- security stage (SECURITY.md): the probe's findings replayed by class, on the same stack ---
  steps.push(await vitestStage('security', env));
  // --- end of security stage ---
  steps.push({
    name: 'e2e',
    ...(await run(playwright, ['test'], env)),
    report: { kind: 'playwright', file: path.join(reports, 'e2e.json') },
  });
} finally {
  await stack.stop();
}
// ── Production shape (issue 17) ──────────────────────────────────────────────────────────
// Debian's PostgreSQL server, `npm run migrate`, two app processes behind a health-checked
// balancer and one worker per lane; reuses the build above. Metrics, readiness, a worker
// killed, long polls answered on SIGTERM, a rolling restart under load, and a chosen part of
// the API tests (tests/production/, vitest.config.ts).
steps.push(await vitestStage('production'));
// ── end of production shape ──────────────────────────────────────────────────────────────

// ── First installation (issue 13) ────────────────────────────────────────────────────────
// A fresh Debian PostgreSQL with nothing seeded: the admin command creates the first tenant,
// client and admin, the admin creates a broker in the pages, and two app processes share the
// per-tenant rate limit (tests/onboarding/); reuses the build above.
steps.push(await vitestStage('onboarding'));
// ── end of first installation ────────────────────────────────────────────────────────────

// Crashes, database restarts and limits, on stacks of their own (about three minutes).
steps.push(await vitestStage('chaos'));

const failed = steps.filter((step) => step.code !== 0);
if (failed.length > 0) {
  console.log(
    `\nWhat failed, again (fast-check seed ${process.env.LEDGER_FC_SEED}; repeat with LEDGER_FC_SEED=${process.env.LEDGER_FC_SEED}):`,
  );
  for (const step of failed) console.log(digestOf(step).join('\n'));
}
console.log(`\n${steps.map((step) => `${step.name}: ${step.code === 0 ? 'passed' : 'FAILED'}`).join('\n')}`);
console.log(`${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
