import { expect, test } from '@playwright/test';
import { readyQuote } from './support/api';
import { calculateBindIssue, createQuote, expectAccessible, type ProductTitle } from './support/journeys';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// One full create → issue journey per product through the pages; the other journeys set up
// their quotes and policies over the API.

const PRODUCTS: ProductTitle[] = ['Home contents', 'Travel', 'Pet'];

for (const product of PRODUCTS) {
  test(`${product}: create, calculate, bind and issue to the policy page`, async ({ page }) => {
    await signIn(page, DEMO_USERS.acmeBroker);
    const name = product.toLowerCase().replace(' ', '-');
    await createQuote(page, product);
    await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
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
