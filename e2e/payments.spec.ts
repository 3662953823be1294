import { expect, test, type Page } from '@playwright/test';
import { issuedPolicy } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// Money on the policy page (issue 14): a broker records payments and sees the instalments turn
// paid. The home example pays 43.14 and then 11 × 18.10 monthly (DOMAIN.md §5).

async function openPolicy(page: Page, id: string): Promise<void> {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${id}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
}

test('a payment of two and a half instalments turns two paid and one partially paid; the rest pays them all', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('home'));
  const form = page.getByTestId('payment-form');
  // 43.14 + 18.10 + 9.05 = 70.29
  await form.getByLabel('Amount (GBP)').fill('70.29');
  await form.getByLabel('Reference').fill('BACS 0001');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('instalment-state-1')).toHaveText('Paid');
  await expect(page.getByTestId('instalment-state-2')).toHaveText('Paid');
  await expect(page.getByTestId('instalment-state-3')).toHaveText('Partially paid');
  await expect(page.getByTestId('instalment-state-4')).toHaveText('Open');
  // 242.24 − 70.29 = 171.95
  await expect(page.getByTestId('balance-outstanding')).toHaveText('£171.95');
  await expect(page.getByTestId('payment-history')).toContainText('BACS 0001');
  await expectAccessible(page);

  await form.getByLabel('Amount (GBP)').fill('171.95');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('balance-outstanding')).toHaveText('£0.00');
  for (const sequence of [3, 12]) await expect(page.getByTestId(`instalment-state-${sequence}`)).toHaveText('Paid');
  await keepScreenshot(page, 'payments');
});

test('travel is paid in euros, and the amounts say so', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('travel'));
  const form = page.getByTestId('payment-form');
  await expect(form.getByLabel('Amount (EUR)')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('instalment-state-1')).toHaveText('Paid');
  await expect(page.getByTestId('balance-outstanding')).toHaveText('€0.00');
  await expect(page.getByTestId('payment-history')).toContainText('€');
});
