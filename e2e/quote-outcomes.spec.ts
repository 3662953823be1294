import { expect, test } from '@playwright/test';
import { api, calculatedQuote, countQuotes, readyQuote, referredQuote } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// What happens to a quote after it is created. The quotes are created over the API; the
// create form has its own journeys (quote-to-policy.spec.ts and the validation ones below).

test('a referral is approved by the underwriter and the broker binds', async ({ page: brokerPage, browser }) => {
  let page = brokerPage;
  const id = await readyQuote('home', (payload) => {
    payload.customer.lastName = 'Referwell';
  });
  await signIn(page, DEMO_USERS.acmeBroker);
  await expect(page.getByRole('link', { name: 'Referrals' })).toHaveCount(0);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enrichment and rating are done.');
  await page.getByRole('button', { name: 'Refer' }).click();
  await page.getByLabel('Why should an underwriter review this quote?').fill('Customer asks for a higher limit next year');
  await page.getByRole('button', { name: 'Send to referral' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('In manual referral');
  await expect(page.getByRole('button', { name: 'Bind' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  // The underwriter works in a browser of their own.
  const underwriter = await browser.newContext();
  page = await underwriter.newPage();
  await signIn(page, DEMO_USERS.acmeUnderwriter);
  await page.getByRole('link', { name: 'Referrals' }).click();
  const card = page.getByTestId('referral-card').filter({ hasText: 'Referwell' });
  await expect(card).toContainText('Customer asks for a higher limit next year');
  await expectAccessible(page);
  await card.getByLabel('Underwriter’s comment').fill('Fine within appetite');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await expect(page.getByTestId('referral-decision')).toContainText('Fine within appetite');
  await underwriter.close();

  // The broker, signed out before, signs in again in a fresh browser and binds.
  const broker = await browser.newContext();
  page = await broker.newPage();
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await page.getByRole('button', { name: 'Bind' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Bound');
  await expectAccessible(page);
  await keepScreenshot(page, 'referral-approved');
  await broker.close();
});

test('the referral queue pages through more than one page of referrals', async ({ page }) => {
  // At least 21 open referrals, so the queue needs a second page of 20.
  const missing = Math.max(0, 21 - (await countQuotes('in-manual-referral')));
  for (let n = 0; n < missing; n++) await referredQuote(`Queueton${n}`, `Referral number ${n}`);
  const total = await countQuotes('in-manual-referral');
  const pages = Math.ceil(total / 20);

  await signIn(page, DEMO_USERS.acmeUnderwriter);
  await page.getByRole('link', { name: 'Referrals' }).click();
  const cards = page.getByTestId('referral-card');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText(`Page 1 of ${pages} · ${total} records`);
  await expect(cards).toHaveCount(20);
  const firstPage = await cards.getByRole('link').allInnerTexts();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Page 2 of ${pages}`);
  await expect(cards).toHaveCount(Math.min(20, total - 20));
  const secondPage = await cards.getByRole('link').allInnerTexts();
  expect(secondPage.filter((number) => firstPage.includes(number))).toEqual([]);
  await expectAccessible(page);
  await keepScreenshot(page, 'referral-queue-page-2');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  await expect(cards.getByRole('link')).toHaveText(firstPage);
});

test('a stale edit is refused when someone else changed the quote meanwhile', async ({ page }) => {
  const id = await calculatedQuote('home', (payload) => {
    payload.customer.lastName = 'Staleby';
  });
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}/edit`);
  const phone = page.getByLabel('Phone', { exact: true });
  await expect(phone).toBeEditable();

  // A colleague (here: an integrator over the API) changes the quote after the page read it.
  const changed = await api(`/sales/policies/${id}/`, { method: 'PUT', body: { customer: { phone: '+44 20 7946 0002' } } });
  expect(changed.status, changed.text).toBe(200);

  await phone.fill('+44 20 7946 0003');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this quote' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/quotes/${id}/edit$`));
  const read = await api(`/sales/policies/${id}`);
  expect(read.body[0].data.customer.phone).toBe('+44 20 7946 0002');
  await expectAccessible(page);
  await keepScreenshot(page, 'stale-edit');

  // After a reload the page starts from the colleague's version, and saving works.
  await page.reload();
  await expect(phone).toHaveValue('+44 20 7946 0002');
  await phone.fill('+44 20 7946 0003');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes/${id}$`));
  const saved = await api(`/sales/policies/${id}`);
  expect(saved.body[0].data.customer.phone).toBe('+44 20 7946 0003');
});

test('the customer declines a quote with a reason', async ({ page }) => {
  const id = await readyQuote('travel');
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByLabel('Reason').selectOption({ label: 'The price is too high' });
  await page.getByRole('button', { name: 'Decline quote' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Declined');
  await expect(page.getByText(/Declined by the customer/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bind' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calculate' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, 'declined');
});

test('a validation error is shown at its field', async ({ page }) => {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/new`);
  await page.getByRole('radio', { name: /^Home contents/ }).check();
  await page.getByRole('button', { name: 'Fill with the example' }).click();
  await page.getByLabel('Sum insured (GBP)').fill('200000');
  await page.getByLabel('Postcode of the insured home').fill('12345');
  await page.getByRole('button', { name: 'Create quote' }).click();
  const sum = page.getByLabel('Sum insured (GBP)');
  await expect(sum).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#f-objects-0-sumInsured-error')).toHaveText('Sum insured (GBP) must be at most 150,000');
  await expect(page.locator('#f-objects-0-postcode-error')).toContainText('has an invalid format');
  await expect(page.getByRole('alert').filter({ hasText: 'There are 2 problems' })).toBeVisible();
  await expect(page).toHaveURL(/\/quotes\/new$/);
  await expectAccessible(page);
  await keepScreenshot(page, 'validation-error');
});

test('a problem the server finds (422) is shown at the field it names', async ({ page }) => {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/new`);
  await page.getByRole('radio', { name: /^Pet/ }).check();
  await page.getByRole('button', { name: 'Fill with the example' }).click();
  const inception = await page.getByLabel('Inception date').inputValue();
  await page.getByLabel('Expiry date').fill(inception);
  await page.getByRole('button', { name: 'Create quote' }).click();
  await expect(page.locator('#f-policy-dateExpiry-error')).toHaveText('Expiry date must be after the inception date');
  await expect(page.getByLabel('Expiry date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/quotes\/new$/);
  await expectAccessible(page);
  await keepScreenshot(page, 'server-validation-error');
});
