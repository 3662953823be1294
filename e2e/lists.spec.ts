import { expect, test } from '@playwright/test';
import { api, calculatedQuote, issuedPolicy, readyQuote } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

// The quotes list keeps its page, filters, search and sort in the address: Back from a quote
// returns to the same filtered, sorted list, and the status labels are the filter's words.

test('Back from a quote returns to the same filtered and sorted list', async ({ page }) => {
  type Patch = NonNullable<Parameters<typeof readyQuote>[1]>;
  const named =
    (firstName: string): Patch =>
    (payload) => {
      payload.customer.firstName = firstName;
      payload.customer.lastName = 'Rememberly';
    };
  await calculatedQuote('pet', named('Anna'));
  await calculatedQuote('pet', named('Zoe'));
  await calculatedQuote('home', named('Bea'));
  // Carl's pet quote is rated too, then referred: the status filter leaves it out.
  const carl = await readyQuote('pet', named('Carl'));
  const referred = await api(`/sales/policies/${carl}/referrals`, { body: { comment: 'Please check the breed' } });
  expect(referred.status, referred.text).toBeLessThan(300);

  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes`);
  await page.getByLabel('Customer or number').fill('Rememberly');
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('row').filter({ hasText: 'Rememberly' });
  await expect(rows).toHaveCount(4);

  await page.getByLabel('Status').selectOption('calculated');
  await page.getByLabel('Product').selectOption('pet');
  await expect(rows).toHaveCount(2);
  for (const status of await rows.locator('.status').allTextContents()) expect(status).toBe('Calculated');

  // Customer ascending, then descending: Zoe first.
  await page.getByRole('button', { name: 'Customer' }).click();
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('Anna');
  await page.getByRole('button', { name: 'Customer' }).click();
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('Zoe');
  await expectAccessible(page);

  const listUrl = page.url();
  const query = new URL(listUrl).searchParams;
  expect(Object.fromEntries(query)).toEqual({ search: 'Rememberly', status: 'calculated', product: 'pet', sort: '-customerName' });

  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');

  await page.goBack();
  expect(page.url()).toBe(listUrl);
  await expect(page.getByLabel('Customer or number')).toHaveValue('Rememberly');
  await expect(page.getByLabel('Status')).toHaveValue('calculated');
  await expect(page.getByLabel('Product')).toHaveValue('pet');
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Zoe');

  // A reload of the address is the same list too.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Zoe');
});

test('the Issued filter lists rows labelled Issued, each naming its policy’s state', async ({ page }) => {
  await issuedPolicy('home', (payload) => {
    payload.customer.lastName = 'Labelwright';
  });
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes?search=Labelwright&status=issued`);
  const row = page.getByRole('row').filter({ hasText: 'Labelwright' });
  await expect(row).toHaveCount(1);
  await expect(page.getByLabel('Status')).toHaveValue('issued');
  await expect(row.locator('.status')).toHaveText('Issued');
  await expect(row).toContainText('policy active');
  await expectAccessible(page);
});
