import { expect, test, type Page } from '@playwright/test';
import { issuedPolicy } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

// A broker on a phone (390 × 844): nothing behind a horizontal scroll, neither the page nor any
// table, and a header that leaves the screen to the work.

const PHONE = { width: 390, height: 844 };
const HEADER_HEIGHT_MAX_PX = 110;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) wide.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const box of document.querySelectorAll<HTMLElement>('.table-scroll, .panel, table')) {
      if (box.scrollWidth > box.clientWidth) {
        const name = box.querySelector('caption, h2')?.textContent ?? box.className;
        wide.push(`${box.tagName.toLowerCase()} "${name}" ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    return wide;
  });
  expect(overflowing).toEqual([]);
}

test('the quote list, quote form and policy page fit a 390 px phone', async ({ page }) => {
  const policyId = await issuedPolicy('home', (payload) => {
    payload.customer.lastName = 'Pocketford';
  });
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.setViewportSize(PHONE);

  await page.goto(`${baseUrl()}/quotes`);
  await expect(page.getByRole('row').first()).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(HEADER_HEIGHT_MAX_PX);
  // Every column's value is on screen without scrolling sideways, status and payable included.
  const row = page.getByRole('row').filter({ hasText: 'Pocketford' }).first();
  for (const cell of await row.getByRole('cell').all()) await expect(cell).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto(`${baseUrl()}/quotes/new`);
  await page.getByRole('radio', { name: /^Travel/ }).check();
  await page.getByRole('button', { name: 'Fill with the example' }).click();
  await expect(page.getByRole('button', { name: 'Create quote' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto(`${baseUrl()}/policies/${policyId}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
  await expect(page.getByTestId('invoices')).toBeVisible();
  await expect(page.getByTestId('instalments')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
