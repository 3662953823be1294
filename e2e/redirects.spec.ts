import { expect, test } from '@playwright/test';
import { baseUrl, DEMO_USERS } from './support/session';

// The open redirect after sign-in, in the browser that would follow it: whatever `callbackUrl`
// says, signing in lands on this site, and the browser never asks another host for anything.

const SPELLINGS = [
  '/\\evil.example/x',
  '/%5cevil.example/x',
  '\\/evil.example',
  '//evil.example',
  '/\t/evil.example',
  'https://evil.example/x',
  'javascript:alert(1)',
];

for (const callbackUrl of SPELLINGS) {
  test(`signing in with callbackUrl ${JSON.stringify(callbackUrl)} stays on this site`, async ({ page }) => {
    const site = new URL(baseUrl());
    const foreign: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (!['localhost', '127.0.0.1'].includes(host)) foreign.push(request.url());
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${baseUrl()}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await page.getByLabel('E-mail').fill(DEMO_USERS.acmeBroker.email);
    await page.getByLabel('Password').fill(DEMO_USERS.acmeBroker.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('tenant')).toBeVisible();
    const landed = new URL(page.url());
    expect(landed.port).toBe(site.port);
    expect(['localhost', '127.0.0.1']).toContain(landed.hostname);
    expect(landed.pathname).not.toMatch(/evil/);
    expect(foreign).toEqual([]);
    expect(dialogs).toEqual([]);
  });
}
