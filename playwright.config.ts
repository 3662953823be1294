import { defineConfig } from '@playwright/test';

// Journeys in Debian's Chromium (Playwright cannot download its own browser here).
// `npm test` passes LEDGER_BASE_URL of the stack it started; alone, the global setup starts one.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report lets `npm test` repeat what failed at the end of its output (scripts/failure-digest.ts).
  reporter: [['list'], ['json', { outputFile: 'test-results/summary/e2e.json' }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: process.env.LEDGER_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
