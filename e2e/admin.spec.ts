import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/journeys';
import { baseUrl, keepScreenshot, signIn } from './support/session';

// The admin's Administration page: create an API client and see its secret once; create a user,
// who sets a password through the one-time link and signs in; disable that user, whose session ends.

const ACME_ADMIN = { email: 'admin@acme.test', password: 'admin-password' };

test('an admin creates an API client and sees its secret once', async ({ page }) => {
  const clientId = `e2e-${randomUUID().slice(0, 8)}`;
  await signIn(page, ACME_ADMIN);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('form', { name: 'New API client' });
  await form.getByLabel('Client id').fill(clientId);
  await form.getByLabel('Name').fill('E2E integration');
  await form.getByLabel('Role').selectOption('broker');
  await form.getByRole('button', { name: 'Create client' }).click();
  const secret = await page.getByTestId('client-secret').textContent();
  expect(secret).toMatch(/^lcs_/);
  const row = page.getByTestId('client-row').filter({ hasText: clientId });
  await expect(row).toContainText('Active');
  await expectAccessible(page);

  // The secret works, and is not shown again.
  const token = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret! }),
  });
  expect(token.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('client-row').filter({ hasText: clientId })).toContainText('Active');
  await expect(page.getByTestId('client-secret')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(secret!);
  await keepScreenshot(page, 'admin-clients');
});

test('an admin creates a user, who sets a password and signs in; the admin disables the user and the session ends', async ({
  page,
  browser,
}) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@acme.test`;
  const password = `pw-${randomUUID()}`;
  await signIn(page, ACME_ADMIN);
  await page.goto(`${baseUrl()}/admin`);
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Name').fill('Eve Tester');
  await form.getByLabel('Role').selectOption('broker');
  await form.getByRole('button', { name: 'Create user' }).click();
  const link = await page.getByTestId('password-link').textContent();
  expect(link).toContain('/set-password/');
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row.getByTestId('user-status')).toHaveText('Invited');

  // The new user, in a browser of their own.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto(new URL(new URL(link!).pathname, baseUrl()).toString());
  await expect(userPage.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await expectAccessible(userPage);
  await userPage.getByLabel('New password').fill(password);
  await userPage.getByLabel('Repeat the password').fill(password);
  await userPage.getByRole('button', { name: 'Set password' }).click();
  await expect(userPage.getByRole('status')).toContainText('Your password is set');
  await signIn(userPage, { email, password });
  await expect(userPage.getByTestId('tenant')).toHaveText('Tenant: acme');
  await expect(userPage.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  await page.reload();
  const active = page.getByTestId('user-row').filter({ hasText: email });
  await expect(active.getByTestId('user-status')).toHaveText('Active');
  await active.getByRole('button', { name: /Disable/ }).click();
  await expect(active.getByTestId('user-status')).toHaveText('Disabled');
  await expectAccessible(page);

  // The live session ends: the next page load goes to the sign-in page.
  await userPage.goto(`${baseUrl()}/quotes`);
  await expect(userPage).toHaveURL(/\/signin/);
  await userContext.close();
});
