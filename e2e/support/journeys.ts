import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectSecurePages, watchSecurity } from './security';
import { baseUrl } from './session';

export type ProductTitle = 'Home contents' | 'Travel' | 'Pet';

/** Layout shift allowed per page: Google's "good" CLS is 0.1; ours is stricter because placeholders reserve their space. */
export const MAX_LAYOUT_SHIFT = 0.05;

/**
 * The page's cumulative layout shift so far: every `layout-shift` entry of the document (buffered, so
 * shifts before this call count) except those right after input, which a person caused and expects.
 */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve((list.getEntries() as Shift[]).filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // No entry at all means no shift: the observer then never calls back.
        setTimeout(() => {
          observer.disconnect();
          resolve(0);
        }, 250);
      }),
  );
}

/**
 * No accessibility violation of any impact (24 px targets included) on the page as it is now, layout
 * shift under MAX_LAYOUT_SHIFT, and no security header missing on the pages so far.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await watchSecurity(page);
  expectSecurePages(page);
  // target-size (WCAG 2.2 AA, 2.5.8) is off in axe by default.
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  // Every impact counts, minor ones too: a broker meets each page all day.
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
  expect(await layoutShift(page), `layout shift on ${new URL(page.url()).pathname}`).toBeLessThan(MAX_LAYOUT_SHIFT);
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
