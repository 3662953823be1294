import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// The unit tests of the mutated domain code alone (money, rating, ledger, products), without the
// projects of vitest.config.ts: Stryker runs them against each mutant (stryker.config.json). A
// mutant of a module-level table runs every test here, so the slow document and page tests stay out.
export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    include: ['lib/money.test.ts', 'lib/rating/**/*.test.ts', 'lib/ledger/**/*.test.ts', 'lib/products/**/*.test.ts'],
    environment: 'node',
    env: { LEDGER_FC_SEED: process.env.LEDGER_FC_SEED ?? '20261123' },
    setupFiles: ['tests/support/fast-check-seed.ts'],
  },
});
