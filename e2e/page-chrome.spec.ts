import { expect, test, type Page } from '@playwright/test';
import { calculatedQuote, issuedPolicy } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

// What surrounds the record: print without the page's controls, a favicon, the navigation
// showing where one is, and numbers that copy with one click.

async function expectPrintsWithoutControls(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Actions' })).toBeHidden();
  // Not one button is left on paper, while the record itself still is.
  for (const button of await page.getByRole('button').all()) await expect(button).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test('a printed policy, invoice list and quote carry no navigation or buttons', async ({ page }) => {
  const policyId = await issuedPolicy('home');
  const quoteId = await calculatedQuote('pet');
  await signIn(page, DEMO_USERS.acmeBroker);

  await page.goto(`${baseUrl()}/policies/${policyId}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expectPrintsWithoutControls(page);
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

  await page.goto(`${baseUrl()}/quotes/${quoteId}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await expectPrintsWithoutControls(page);
});

test('the favicon is served', async ({ request }) => {
  const response = await request.get(`${baseUrl()}/favicon.ico`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test('a policy page marks Quotes as where one is, and its numbers copy', async ({ page, context }) => {
  const policyId = await issuedPolicy('pet');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl()).origin });
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${policyId}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Quotes', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'New quote' })).not.toHaveAttribute('aria-current', /.*/);

  const policyNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.split(' ')[0]!;
  expect(policyNumber).toMatch(/\S+/);
  await page.getByRole('button', { name: `Copy policy number ${policyNumber}` }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(policyNumber);
  await expectAccessible(page);

  await page.locator('p', { hasText: 'From quote' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  const quoteNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.split(' ')[0]!;
  await page.getByRole('button', { name: `Copy quote number ${quoteNumber}` }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quoteNumber);
  await expect(nav.getByRole('link', { name: 'Quotes', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});
