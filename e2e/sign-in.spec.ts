import { expect, test } from '@playwright/test';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

test('the demo broker signs in, sees tenant and role, and signs out', async ({ page }) => {
  await signIn(page, DEMO_USERS.acmeBroker);
  await expect(page.getByTestId('tenant')).toHaveText('Tenant: acme');
  await expect(page.getByTestId('role')).toHaveText('Role: broker');
  await keepScreenshot(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(`${baseUrl()}/`);
  await expect(page).toHaveURL(/\/signin/);
});

test('a wrong password is refused with a readable message', async ({ page }) => {
  await page.goto(`${baseUrl()}/signin`);
  await page.getByLabel('E-mail').fill(DEMO_USERS.acmeBroker.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not right' })).toHaveText('The e-mail or password is not right.');
});
