import { expect, test, type Page } from '@playwright/test';
import { readyQuote } from './support/api';
import { calculateBindIssue, createQuote, expectAccessible, type ProductTitle } from './support/journeys';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// One full create → issue journey per product through the pages; the other journeys set up
// their quotes and policies over the API.

const PRODUCTS: ProductTitle[] = ['Home contents', 'Travel', 'Pet'];

/**
 * The home example (40,000 in LS, semi-detached, alarm, locks, excess 250, monthly), worked by
 * hand (DOMAIN.md §2, §3, §9): 40,000 × 0.45 % = 180.00 × 1.2 (zone D) = 216.00 × 1.05 = 226.80
 * × 0.95 = 215.46 × 0.95 = 204.69 × 0.92 = 188.31 net; tax 12 % = 22.60; fee 25.00; surcharge
 * 3 % of 210.91 = 6.33; payable 242.24. (242.24 − 25.00) ÷ 12 = 18.10, the 0.04 left and the fee
 * on the first: 43.14 + 11 × 18.10.
 */
async function expectHomeMonthlyMoney(page: Page): Promise<void> {
  await expect(page.getByTestId('payable')).toHaveText('£242.24');
  const rows = page.getByTestId('instalments').locator('tbody tr');
  await expect(rows).toHaveCount(12);
  await expect(rows.first().locator('td.num')).toHaveText('£43.14');
  await expect(rows.first()).toContainText('(with the fee)');
  for (let i = 1; i < 12; i++) await expect(rows.nth(i).locator('td.num')).toHaveText('£18.10');
}

for (const product of PRODUCTS) {
  test(`${product}: create, calculate, bind and issue to the policy page`, async ({ page }) => {
    await signIn(page, DEMO_USERS.acmeBroker);
    const name = product.toLowerCase().replace(' ', '-');
    await createQuote(page, product);
    await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
    if (product === 'Home contents') await expectHomeMonthlyMoney(page);
    await expectAccessible(page);
    await calculateBindIssue(page);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, `issue-${name}`);
    if (product === 'Home contents') {
      // The same pages on a tablet held upright (iPad Air size).
      await page.setViewportSize({ width: 820, height: 1180 });
      await expect(page.getByTestId('policy-status')).toHaveText('Active');
      await keepScreenshot(page, 'tablet-policy');
      await page.getByText('From quote').getByRole('link').first().click();
      await expect(page.getByTestId('quote-status')).toHaveText('Issued');
      await expectAccessible(page);
      await keepScreenshot(page, 'tablet-quote');
    }
  });
}

test('the quotes list finds the new quote by customer and filters by status', async ({ page }) => {
  await readyQuote('pet', (payload) => {
    payload.customer.lastName = 'Listington';
  });
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/`);
  await page.getByRole('link', { name: 'Quotes', exact: true }).click();
  await page.getByLabel('Customer or number').fill('Listington');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Listington' })).toHaveCount(1);
  await page.getByLabel('Status').selectOption('declined');
  await expect(page.getByText('No quotes match')).toBeVisible();
  await page.getByLabel('Status').selectOption('calculated');
  await expect(page.getByRole('row').filter({ hasText: 'Listington' })).toHaveCount(1);
  await expectAccessible(page);
  await keepScreenshot(page, 'quotes-list');
});
