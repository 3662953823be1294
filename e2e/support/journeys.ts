import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectSecurePages, watchSecurity } from './security';
import { baseUrl } from './session';

export type ProductTitle = 'Home contents' | 'Travel' | 'Pet';

/** Layout shift allowed per page: Google's "good" CLS is 0.1; ours is stricter because placeholders reserve their space. */
export const MAX_LAYOUT_SHIFT = 0.05;

type ShiftLog = { path: string; value: number; moved: string }[];

/**
 * Records every layout shift not caused by input with the path it happened on, from the next
 * document on. A journey moves between pages without loading a new document (client navigation),
 * so the document's buffered entries would charge one page with the shifts of the pages before it.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    const log: { path: string; value: number; moved: string }[] = [];
    // What moved, so a failing journey names it.
    const describe = (node?: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
        : String(node?.nodeName);
    (window as unknown as { __layoutShifts: typeof log }).__layoutShifts = log;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        // Shifts right after input are the ones a person caused and expects.
        if (!entry.hadRecentInput)
          log.push({ path: location.pathname, value: entry.value, moved: entry.sources.map((source) => describe(source.node)).join(', ') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts on the page now shown (its path), shifts after input left out; undefined before sign-in. */
async function shiftsOnThisPage(page: Page): Promise<ShiftLog | undefined> {
  // Let the observer deliver what the last frame produced.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const log = await page.evaluate(() => (window as unknown as { __layoutShifts?: ShiftLog }).__layoutShifts);
  // A page opened before sign-in (no recorder yet) is its own document: its buffered entries are its shifts.
  if (!log) return undefined;
  const path = new URL(page.url()).pathname;
  return log.filter((shift) => shift.path === path);
}

/** Cumulative layout shift on the page now shown, and what moved (for the failure message). */
export async function layoutShift(page: Page): Promise<{ total: number; moved: string }> {
  const shifts = await shiftsOnThisPage(page);
  if (!shifts) return { total: await bufferedLayoutShift(page), moved: 'before sign-in' };
  return {
    total: shifts.reduce((sum, shift) => sum + shift.value, 0),
    moved: shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.moved}`).join('; '),
  };
}

async function bufferedLayoutShift(page: Page): Promise<number> {
  // layout-shift entries are only observable (not in getEntriesByType); buffered brings the earlier ones.
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve((list.getEntries() as Shift[]).filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // With no entry at all the observer never calls back: no shift.
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
  // After a client-side change of the URL (a sort, a filter) Next.js renders the page's metadata
  // again, and a check at that moment once found no <title>. Wait for the title, then check all.
  await expect(page).toHaveTitle(/\S/);
  // target-size (WCAG 2.2 AA, 2.5.8) is off in axe by default.
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  // Every impact counts, minor ones too: a broker meets each page all day.
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
  const shift = await layoutShift(page);
  expect(shift.total, `layout shift on ${new URL(page.url()).pathname} (${shift.moved})`).toBeLessThan(MAX_LAYOUT_SHIFT);
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
