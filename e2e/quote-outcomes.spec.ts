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
  // Who has it and since when.
  await expect(page.getByTestId('referral-waiting')).toContainText(/With the underwriters since .+ · waiting \d+ min/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  // The underwriter works in a browser of their own.
  const underwriter = await browser.newContext();
  page = await underwriter.newPage();
  await signIn(page, DEMO_USERS.acmeUnderwriter);
  await page.getByRole('link', { name: 'Referrals' }).click();
  // The queue runs oldest first; the search finds this one wherever it is (once the page is live).
  await expect(page.getByTestId('referral-card').first()).toBeVisible();
  await page.getByLabel('Customer or number').fill('Referwell');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('referral-count')).toContainText('matching “Referwell”');
  const card = page.getByTestId('referral-card').filter({ hasText: 'Referwell' });
  await expect(card).toContainText('Customer asks for a higher limit next year');
  await expect(page.getByTestId('referral-count')).toContainText(
    /1 open referral matching “Referwell” · the oldest on this page has waited \d+ min/,
  );
  await expect(card).toContainText(/waiting \d+ min/);
  // The risk at a glance: the example home's sum insured and postcode.
  await expect(card.getByTestId('risk-facts')).toContainText('Sum insured£40,000.00');
  await expect(card.getByTestId('risk-facts')).toContainText('PostcodeLS6 2AB');
  await expectAccessible(page);
  // The comment is marked required and asked for before anything is sent.
  await card.getByRole('button', { name: 'Approve referral' }).click();
  await expect(card.getByText('Give a comment for the broker.')).toBeVisible();
  await card.getByLabel('Underwriter’s comment (required)').fill('Fine within appetite');
  // A decision cannot be taken back: the first click asks, Cancel leaves the referral open.
  await card.getByRole('button', { name: 'Approve referral' }).click();
  await expect(card.getByRole('group', { name: /Approve referral of Q-/ })).toContainText('The broker can bind at the quoted premium.');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Confirm approval' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Approve referral' }).click();
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('referral-decided')).toContainText('Referral approved');
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await expect(page.getByTestId('referral-decision')).toContainText('Referral approved');
  await expect(page.getByTestId('referral-decision')).toContainText('Fine within appetite');
  await expect(page.getByTestId('referral-waiting')).toHaveCount(0);
  await underwriter.close();

  // The broker, signed out before, signs in again in a fresh browser and binds.
  const broker = await browser.newContext();
  page = await broker.newPage();
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await page.getByRole('button', { name: 'Bind' }).click();
  await page.getByRole('button', { name: 'Confirm bind' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Bound');
  await expectAccessible(page);
  await keepScreenshot(page, 'referral-approved');
  await broker.close();
});

test('a rejected referral leads to a new quote that carries the underwriter’s comment', async ({ page }) => {
  const id = await referredQuote('Rejectley', 'Sum insured above my authority');
  await signIn(page, DEMO_USERS.acmeUnderwriter);
  await page.getByRole('link', { name: 'Referrals' }).click();
  await expect(page.getByTestId('referral-card').first()).toBeVisible();
  await page.getByLabel('Customer or number').fill('Rejectley');
  await page.getByRole('button', { name: 'Find' }).click();
  const card = page.getByTestId('referral-card').filter({ hasText: 'Rejectley' });
  await card.getByLabel('Underwriter’s comment (required)').fill('Please requote at 30,000 or less');
  await card.getByRole('button', { name: 'Reject referral' }).click();
  await expect(card.getByRole('group', { name: /Reject referral of Q-/ })).toContainText('copy it into a new quote');
  await card.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('referral-decided')).toContainText('Referral rejected');

  // The broker is not at a dead end: the rejected quote says what to do and offers the copy.
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Referral rejected');
  await expect(page.getByTestId('referral-decision')).toContainText('Referral rejected');
  await expect(page.getByText('This quote cannot be bound.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy into a new quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}\/edit\?from=/);
  expect(page.url()).not.toContain(`/quotes/${id}/edit`);
  await expect(page.getByTestId('copied-from')).toContainText('Please requote at 30,000 or less');
  await expectAccessible(page);
  await keepScreenshot(page, 'rejected-referral-copied');
});

test('bind waits for what is missing and asks before committing the customer', async ({ page }) => {
  const id = await calculatedQuote('home', (payload) => {
    payload.customer.lastName = 'Blockley';
    delete payload.customer.email;
  });
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByRole('heading', { name: 'Needed before bind' })).toBeVisible();
  const bind = page.getByRole('button', { name: 'Bind' });
  await expect(bind).toBeDisabled();
  await expect(page.getByTestId('bind-blocked')).toHaveText(
    /^Bind is possible once (the point|the \d+ points) under “Needed before bind” (is|are) done\.$/,
  );
  await expect(bind).toHaveAccessibleDescription(/Needed before bind/);
  await expectAccessible(page);

  // The missing e-mail added over the API (the edit form has its own journeys): Bind opens its confirmation.
  const changed = await api(`/sales/policies/${id}/`, { method: 'PUT', body: { customer: { email: 'blockley@example.com' } } });
  expect(changed.status, changed.text).toBe(200);
  await page.reload();
  await expect(bind).toBeEnabled();
  const payable = (await page.getByTestId('payable').innerText()).trim();
  await bind.click();
  const confirm = page.getByRole('group', { name: /^Bind Q-/ });
  await expect(confirm).toContainText(`at ${payable} (Monthly plan), cover from`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await bind.click();
  await page.getByRole('button', { name: 'Confirm bind' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Bound');
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

test('a travel form suggests German placeholders and copies the policyholder into traveller 1', async ({ page }) => {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/new`);
  await page.getByRole('radio', { name: /^Travel/ }).check();
  await expect(page.locator('#f-customer-address-postcode')).toHaveAttribute('placeholder', 'e.g. 10115');
  await page.getByRole('button', { name: 'Fill with the example' }).click();
  await page.locator('#f-customer-firstName').fill('Greta');
  await page.locator('#f-customer-lastName').fill('Reisende');
  // Only the first traveller offers it: the others are seldom the policyholder.
  await expect(page.getByRole('button', { name: 'Same as the policyholder' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Same as the policyholder' }).click();
  await expect(page.locator('#f-objects-0-firstName')).toHaveValue('Greta');
  await expect(page.locator('#f-objects-0-lastName')).toHaveValue('Reisende');
  await expect(page.locator('#f-objects-0-dateOfBirth')).toHaveValue(await page.locator('#f-customer-dateOfBirth').inputValue());
  await expect(page.locator('#f-objects-1-firstName')).not.toHaveValue('Greta');
  await expectAccessible(page);

  // A home's insured object shares no field with the policyholder: nothing to copy.
  await page.getByRole('radio', { name: /^Home/ }).check();
  await expect(page.locator('#f-objects-0-sumInsured')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Same as the policyholder' })).toHaveCount(0);
});
