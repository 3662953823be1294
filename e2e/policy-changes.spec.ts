import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api, documentsOf, issuedPolicy, termOf } from './support/api';
import { expectAccessible } from './support/journeys';
import { moveIntoWindow, renewalRunQuoteOf } from './support/renewal-window';
import { addDaysIso, daysBetween } from '../tests/support/dates';
import { annualTrip } from '../tests/support/renewal-window';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// Changes to an issued policy. The policies are issued over the API (creation has its own page
// journeys in quote-to-policy.spec.ts); each journey here starts on the policy page.

async function openPolicy(page: Page, id: string): Promise<void> {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${id}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
}

function fact(page: Page, label: string) {
  return page
    .locator('dl.facts > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

test('a mid-term adjustment is priced by a dry run, then confirmed as version 2', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('home'));
  await page.getByRole('button', { name: 'Mid-term adjustment' }).click();
  await page.getByLabel('Sum insured (GBP)').fill('60000');
  await page.getByRole('button', { name: 'Price the change' }).click();
  const preview = page.getByTestId('mta-preview');
  await expect(preview).toContainText('Additional premium');
  // Effective from inception (the form's default for a policy not yet started), so the whole
  // difference: 60,000 × 0.45 % = 270.00 × 1.2 = 324.00 × 1.05 = 340.20 × 0.95 = 323.19 × 0.95 =
  // 307.03 × 0.92 = 282.47 net, less 188.31 = 94.16; tax 12 % = 11.30; payable 105.46.
  await expect(preview).toContainText('£105.46');
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(page.getByTestId('version-shown')).toContainText('2 of 2');
  await expect(page.getByTestId('versions').getByRole('button')).toHaveCount(2);
  // The new version's documents appear without a reload, first as being prepared, then with their size.
  const endorsement = page.getByTestId('documents').getByRole('listitem').filter({ hasText: 'Endorsement' });
  await expect(endorsement).toContainText('Version 2');
  await expect(endorsement).toContainText(/Version 2 · \d+ KB/, { timeout: 45_000 });
  await expect(page.getByTestId('documents').getByRole('listitem').filter({ hasText: 'Sent with the quote' })).toHaveCount(2);
  await page
    .getByTestId('versions')
    .getByRole('button', { name: /Version 1/ })
    .click();
  await expect(page.getByTestId('version-shown')).toContainText('1 of 2');
  await expectAccessible(page);
  await keepScreenshot(page, 'mta');
});

test('a backdated MTA shows the later adjustment it applies again and the net before it is confirmed', async ({ page }) => {
  const id = await issuedPolicy('home');
  const { inception, expiry } = await termOf(id);
  const termDays = daysBetween(inception, expiry);
  // Entered first: accidental damage from day 200 (188.31 net becomes 225.98, worked in
  // tests/api/out-of-sequence-mta.test.ts).
  const later = await api(`/policies/${id}/mta`, {
    body: { effectiveDate: addDaysIso(inception, 200), objects: [{ accidentalDamage: true }] },
  });
  expect(later.status, later.text).toBe(200);

  await openPolicy(page, id);
  await page.getByRole('button', { name: 'Mid-term adjustment', exact: true }).click();
  await page.getByLabel('Sum insured (GBP)').fill('60000');
  await page.getByLabel('Effective from').fill(addDaysIso(inception, 100));
  await page.getByRole('button', { name: 'Price the change' }).click();
  // By hand, in cents, tax 12 % of each net: the new change 282.47 − 188.31 over the days from
  // day 100; version 2 taken back (225.98 − 188.31 from day 200) and charged again on top
  // (338.96 − 282.47 from day 200).
  const share = (difference: number, day: number) => Math.round((difference * (termDays - day)) / termDays);
  const payable = (net: number) => net + Math.round(net * 0.12);
  const takenBack = payable(share(22_598 - 18_831, 200));
  const again = payable(share(33_896 - 28_247, 200));
  const net = payable(share(28_247 - 18_831, 100)) + again - takenBack;
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const replayed = page.getByTestId('mta-replayed');
  await expect(replayed).toContainText('dated before a later adjustment');
  const row = replayed.getByRole('row').filter({ hasText: '/objects/0/accidentalDamage' });
  await expect(row).toContainText(pounds(takenBack));
  await expect(row).toContainText(pounds(again));
  await expect(replayed).toContainText(`Net of all steps: ${pounds(net)}`);
  await expectAccessible(page);
  await page.getByTestId('mta-preview').getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(page.getByTestId('version-shown')).toContainText('4 of 4');
  const versions = page.getByTestId('versions');
  const entry = (version: number) =>
    versions.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Version ${version}:`) }) });
  await expect(entry(4)).toContainText('applies version 2 again');
  await expect(entry(2)).toContainText('void');
  await expect(entry(3)).not.toContainText('void');
  await keepScreenshot(page, 'mta-out-of-sequence');
});

test('a data change makes a new version without premium change; a rating field is refused at the field', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('home'));
  const premium = await fact(page, 'Premium for the term').innerText();
  await page.getByRole('button', { name: 'Data change', exact: true }).click();
  const form = page.getByTestId('data-change-form');
  await form.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0001');
  await form.getByRole('button', { name: 'Save data change' }).click();
  await expect(page.getByTestId('version-shown')).toHaveText('2 of 2 (Data change)');
  await expect(fact(page, 'Premium for the term')).toHaveText(premium);
  await expect(page.getByTestId('versions').getByRole('button')).toHaveCount(2);
  await expect(page.getByRole('region', { name: /Policy data/ })).toContainText('+44 20 7946 0001');

  // The sum insured affects the premium: the ledger refuses it (422) and the form says so at the field.
  await page.getByRole('button', { name: 'Data change', exact: true }).click();
  const sum = form.getByLabel('Sum insured (GBP)');
  await expect(form.getByText(/Affects the premium/).first()).toBeVisible();
  await sum.fill('61000');
  await form.getByRole('button', { name: 'Save data change' }).click();
  await expect(form.locator('#f-objects-0-sumInsured-error')).toHaveText('affects the premium (x-rating)');
  await expect(sum).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('version-shown')).toHaveText('2 of 2 (Data change)');
  await expect(fact(page, 'Premium for the term')).toHaveText(premium);
  await expectAccessible(page);
  await keepScreenshot(page, 'data-change-refused');
});

test('a policy document is downloaded from the policy page as a PDF', async ({ page }) => {
  const id = await issuedPolicy('pet');
  const [first] = await documentsOf(id);
  await openPolicy(page, id);
  const documents = page.getByTestId('documents');
  await expect(documents.getByRole('listitem').filter({ hasText: first!.title })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: `Download ${first!.title}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(1000);
  await keepScreenshot(page, 'documents');
});

test('a termination dated in the future leaves the policy pending; it is withdrawn and the premium is back', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('pet'));
  const premium = await fact(page, 'Premium for the term').innerText();
  await page.getByRole('button', { name: 'Terminate' }).click();
  await page.getByLabel('Reason').selectOption({ label: 'The pet was rehomed' });
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  const preview = page.getByTestId('termination-preview');
  await expect(preview).toContainText('Return premium');
  // From inception (the default before cover starts) is a cancellation from inception (issue 16):
  // the pet product returns everything, the example net 365.04, its tax 43.80 (12 %) and the fee
  // 25.00: 433.84; nothing is kept.
  await expect(preview).toContainText('Return premium £433.84');
  await expect(preview).toContainText('fees kept £0.00');
  await page.getByRole('button', { name: 'Confirm termination' }).click();
  // Inception is still ahead: cover has not ended, the termination waits for its date.
  await expect(page.getByTestId('policy-status')).toHaveText('Pending termination');
  await expect(page.getByTestId('pending-termination')).toContainText('Pro rata');
  // What is charged for the term now: nothing.
  await expect(page.getByTestId('period-premium')).toHaveText('£0.00');
  await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, 'termination-pending');

  await page.getByRole('button', { name: 'Withdraw termination' }).click();
  await page.getByRole('button', { name: 'Preview the withdrawal' }).click();
  await expect(page.getByTestId('withdraw-preview')).toContainText('£433.84 charged again');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
  await expect(page.getByTestId('pending-termination')).toHaveCount(0);
  await expect(page.getByTestId('period-premium')).toHaveText(premium);
  await expect(page.getByRole('button', { name: 'Terminate' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'termination-withdrawn');
});

test('a policy near expiry is renewed into a new quote', async ({ page }) => {
  // An annual multi-trip policy whose year ends in 30 days: its 60-day renewal window is open.
  const id = await issuedPolicy('travel', annualTrip);
  await moveIntoWindow(id);
  await openPolicy(page, id);
  await page.getByRole('button', { name: 'Renew' }).click();
  // Renew says what it creates first: the next term from the end of the cover the page shows
  // (the helper moves the term under the API but leaves the append-only versions' dates, so the
  // page's own cover line is what the confirmation must agree with).
  const cover = await page.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}$/).innerText();
  await expect(page.getByTestId('renew-confirm')).toContainText(`from ${cover.split(' – ')[1]}?`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create the renewal quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Travel quote · renewal')).toBeVisible();
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enrichment and rating are done.');
  await expectAccessible(page);
  await keepScreenshot(page, 'renewal');
});

test('a single trip offers no renewal; the renewal run’s quotes are listed under Renewals due', async ({ page }) => {
  // The travel example is a 14-day trip: its dates lie inside the window, but a single trip does not renew.
  await openPolicy(page, await issuedPolicy('travel'));
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
  await expect(page.getByText('A single-trip policy does not renew')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);

  const id = await issuedPolicy('travel', annualTrip);
  await moveIntoWindow(id);
  const renewal = await renewalRunQuoteOf(id);
  await page.goto(`${baseUrl()}/quotes`);
  await page.getByLabel('Show').selectOption('due');
  await expect(page).toHaveURL(/\/quotes\?renewal=due$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: renewal.quoteNumber }) });
  await expect(row).toContainText('renewal');
  await expectAccessible(page);
  await keepScreenshot(page, 'renewals-due');
  await row.getByRole('link', { name: renewal.quoteNumber }).click();
  await expect(page.getByText('Travel quote · renewal')).toBeVisible();
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the pages ask the ledger in the browser’s language', async ({ page }) => {
    const id = await issuedPolicy('home');
    await signIn(page, DEMO_USERS.acmeBroker);
    const asked = page.waitForRequest((request) => request.url().includes(`/api/v1/ledger/policies/${id}/links`));
    await page.goto(`${baseUrl()}/policies/${id}`);
    expect((await asked).headers()['accept-language']).toBe('de');
    await expect(page.getByTestId('version-shown')).toHaveText('1 of 1 (Ausgestellt)');
  });
});
