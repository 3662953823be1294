// `npm run screens`: screenshots of the main pages at desktop and phone width into docs/screens/,
// from a fresh stack started the way the e2e stage starts it (demo seed, production build).
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { createQuote, calculateBindIssue } from '../e2e/support/journeys';
import { DEMO_USERS, signIn } from '../e2e/support/session';
import { startTestStack } from '../tests/support/test-stack';

const OUT = 'docs/screens';
const WIDTHS = { desktop: 1280, phone: 390 } as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, width] of Object.entries(WIDTHS)) {
    await page.setViewportSize({ width, height: label === 'phone' ? 844 : 800 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
  }
}

const stack = await startTestStack({ logName: 'screens-stack.log' });
process.env.LEDGER_BASE_URL = stack.baseUrl;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await mkdir(OUT, { recursive: true });
  const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
  await page.goto(`${stack.baseUrl}/signin`);
  await shoot(page, 'sign-in');
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${stack.baseUrl}/quotes/new`);
  await shoot(page, 'new-quote');
  await createQuote(page, 'Home contents');
  await shoot(page, 'quote');
  await calculateBindIssue(page);
  await shoot(page, 'policy');
  await page.goto(`${stack.baseUrl}/quotes`);
  await shoot(page, 'quotes');
  await page.context().clearCookies();
  await signIn(page, DEMO_USERS.acmeUnderwriter);
  await page.goto(`${stack.baseUrl}/referrals`);
  await shoot(page, 'referrals');
} finally {
  await browser.close();
  await stack.stop();
}
