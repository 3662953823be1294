import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// One fast-check seed for the run, from LEDGER_FC_SEED or random, handed to every test process
// (tests/support/fast-check-seed.ts) and printed once so that a failed run can be repeated exactly.
// Kept in the environment: processes that load this file again inherit it.
process.env.LEDGER_FC_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
const fastCheckSeed = process.env.LEDGER_FC_SEED;
if (process.env.LEDGER_FC_SEED_SHOWN === undefined) {
  process.env.LEDGER_FC_SEED_SHOWN = '1';
  console.info(`fast-check seed ${fastCheckSeed} (repeat with LEDGER_FC_SEED=${fastCheckSeed})`);
}

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    env: { LEDGER_FC_SEED: fastCheckSeed },
    setupFiles: ['tests/support/fast-check-seed.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The production shape: Debian's PostgreSQL server, two app processes behind a
          // balancer, one worker per lane (tests/production/global-setup.ts). Besides its own
          // tests it runs the API tests that matter most across processes and roles: races
          // (concurrency), row-level security as an unprivileged role (isolation), documents.
          name: 'production',
          include: [
            'tests/production/**/*.test.ts',
            'tests/api/concurrency.test.ts',
            'tests/api/isolation.test.ts',
            'tests/api/documents.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/production/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // A first installation on a fresh DATABASE_URL database with nothing seeded: the admin
          // command, the API and the pages (tests/onboarding/global-setup.ts), and the per-tenant
          // rate limit shared by two app processes.
          name: 'onboarding',
          include: ['tests/onboarding/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/onboarding/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The black-box probe's findings, replayed by class (SECURITY.md): redirects, body and URL
          // limits, hashing and offer-rendering bounds. Same stack as `api`.
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Kills workers, restarts PostgreSQL, throttles: each file starts a stack of its own.
          name: 'chaos',
          include: ['tests/chaos/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
