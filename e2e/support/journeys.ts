import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectSecurePages, watchSecurity } from './security';
import { baseUrl } from './session';

export type ProductTitle = 'Home contents' | 'Travel' | 'Pet';

/** No serious or critical accessibility violation on the page as it is now, and no security header missing on the pages so far. */
export async function expectAccessible(page: Page): Promise<void> {
  await watchSecurity(page);
  expectSecurePages(page);
  const results = await new AxeBuilder({ page }).analyze();
  // Every impact counts, minor ones too: a broker meets each page all day.
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** New quote from the product's example data; ends on the quote page once enrichment and rating are done. */
export async function createQuote(page: Page, product: ProductTitle, change?: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(`${baseUrl()}/quotes/new`);
  await page.getByRole('radio', { name: new RegExp(`^${product}`) }).check();
  await page.getByRole('button', { name: 'Fill with the example' }).click();
  await change?.(page);
  await page.getByRole('button', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enrichment and rating are done.');
  return page.url().split('/').pop()!;
}

/** Calculate, bind and issue from the quote page; ends on the policy page. */
export async function calculateBindIssue(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await expect(page.getByTestId('payable')).toBeVisible();
  // Bind and issue each ask first, naming the premium.
  const payable = (await page.getByTestId('payable').innerText()).trim();
  await page.getByRole('button', { name: 'Bind' }).click();
  await expect(page.getByRole('group', { name: /^Bind Q-/ })).toContainText(`at ${payable}`);
  await page.getByRole('button', { name: 'Confirm bind' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Bound');
  await page.getByRole('button', { name: 'Issue policy' }).click();
  await expect(page.getByRole('group', { name: /^Issue Q-/ })).toContainText(`at ${payable}`);
  await page.getByRole('button', { name: 'Confirm issue' }).click();
  await expect(page).toHaveURL(/\/policies\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
}
