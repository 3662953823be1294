import { expect, type Page } from '@playwright/test';
import { recordLayoutShifts } from './journeys';
import { expectSecurePages, watchSecurity } from './security';

export const DEMO_USERS = {
  acmeBroker: { email: 'broker@acme.test', password: 'broker-password' },
  acmeUnderwriter: { email: 'underwriter@acme.test', password: 'underwriter-password' },
  globexBroker: { email: 'broker@globex.test', password: 'broker-password' },
} as const;

export function baseUrl(): string {
  const url = process.env.LEDGER_BASE_URL;
  if (!url) throw new Error('LEDGER_BASE_URL is not set');
  return url;
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await watchSecurity(page);
  await recordLayoutShifts(page);
  // After signing out the page is already on its way to /signin; a second navigation would abort it.
  if (/\/signin(\?|$)/.test(page.url())) await page.waitForLoadState('load');
  else await page.goto(`${baseUrl()}/signin`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('tenant')).toBeVisible();
  expectSecurePages(page);
  await expectSessionCookie(page);
}

/** The session cookie is out of scripts' reach, not sent on cross-site subrequests, and Secure over https. */
async function expectSessionCookie(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => /next-auth\.session-token$/.test(cookie.name));
  expect(session, 'the session cookie').toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Lax');
  if (baseUrl().startsWith('https:')) expect(session!.secure).toBe(true);
}

/** Keeps the last page of a journey as an artifact (test-results/screenshots). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
