import { expect, test } from '@playwright/test';
import { formatDate } from '../lib/client/format';
import { addDaysIso, firstOfMonthAfter, todayIn } from '../tests/support/dates';
import { api, issuedPolicy, readyQuote, termOf } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// The quotes list by dates (typed as the page's language writes them, kept in the address) and
// the arrears view (issue 21).

const CLOCK = 'x-ledger-test-now';

const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const uniqueName = (word: string) => `${word}${[...String(Date.now())].map((digit) => String.fromCharCode(97 + Number(digit))).join('')}`;

test('the list filters by inception date typed as dd/mm/yyyy, refuses an impossible date, and Back returns to it', async ({ page }) => {
  const surname = uniqueName('Datewise');
  const today = todayIn();
  const inceptions = [20, 50, 80].map((days) => addDaysIso(today, days));
  for (const inception of inceptions) {
    await readyQuote('home', (payload) => {
      payload.customer.lastName = surname;
      payload.policy.dateInception = inception;
      payload.policy.dateExpiry = `${Number(inception.slice(0, 4)) + 1}${inception.slice(4)}`;
    });
  }
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes?search=${surname}`);
  const rows = page.getByRole('row').filter({ hasText: surname });
  await expect(rows).toHaveCount(3);

  await page.getByText('Dates', { exact: true }).click();
  const inception = page.getByRole('group', { name: 'Inception' });
  const from = inception.getByLabel('From');
  const to = inception.getByLabel('To');
  // The format is shown before anything is typed.
  await expect(inception.getByText('Format dd/mm/yyyy, for example 31/12/2027').first()).toBeVisible();

  await from.fill('31/02/2027');
  await from.blur();
  await expect(inception.getByText('February 2027 has 28 days, so there is no 31 February.')).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(rows).toHaveCount(3);

  await from.fill(typed(inceptions[1]!));
  await from.blur();
  await expect(rows).toHaveCount(2);
  await to.fill(typed(inceptions[1]!));
  await to.blur();
  await expect(rows).toHaveCount(1);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    search: surname,
    inceptionFrom: inceptions[1],
    inceptionTo: inceptions[1],
  });
  await expectAccessible(page);

  // A To before the From is said under the field; the list stays as it was.
  await to.fill(typed(inceptions[0]!));
  await to.blur();
  await expect(inception.getByText('The inception range ends before it starts')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await to.fill(typed(inceptions[1]!));
  await to.blur();
  await expect(inception.getByText('The inception range ends before it starts')).toHaveCount(0);

  const listUrl = page.url();
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  await page.goBack();
  expect(page.url()).toBe(listUrl);
  await expect(from).toHaveValue(typed(inceptions[1]!));
  await expect(to).toHaveValue(typed(inceptions[1]!));
  await expect(rows).toHaveCount(1);
});

test('“Overdue payments” lists a policy in arrears with the amount and since when', async ({ page }) => {
  const surname = uniqueName('Arrears');
  const today = todayIn();
  // Cover that started 40 days ago, quoted, bound and issued on business days before it started
  // (the stack lets set-up calls pin the business clock). Monthly: 43.14 due at inception and
  // 18.10 a month later are both past due today: 43.14 + 18.10 = 61.24.
  const inception = addDaysIso(today, -40);
  const before = { [CLOCK]: `${addDaysIso(inception, -5)}T12:00:00Z` };
  const products = await api<any>('/products', { method: 'GET' });
  const payload = structuredClone(products.body.data.find((product: any) => product.code === 'home').example);
  payload.customer.lastName = surname;
  payload.policy.dateInception = inception;
  payload.policy.dateExpiry = `${Number(inception.slice(0, 4)) + 1}${inception.slice(4)}`;
  const created = await api<any>('/sales/policies/create', { body: payload, headers: before });
  expect(created.status, created.text).toBe(200);
  const id: string = created.body.policy.id;
  // Long polls until the quote is ready; every answer before that is 202, and it must end ready.
  let readyStatus = 0;
  for (let attempt = 0; attempt < 10 && readyStatus !== 200; attempt++) {
    const actions = await api(`/sales/policies/actions/${id}?longPolling=true`, { headers: before });
    readyStatus = actions.status;
    if (readyStatus !== 200) expect(actions.status, actions.text).toBe(202);
  }
  expect(readyStatus, 'the quote became ready').toBe(200);
  for (const step of ['calculate', 'bind']) {
    const done = await api(`/sales/policies/${id}/${step}`, { body: {}, headers: before });
    expect(done.status, done.text).toBeLessThan(300);
  }
  const issued = await api<any>(`/sales/policies/${id}/issue`, { body: {}, headers: before });
  expect(issued.status, issued.text).toBeLessThan(300);
  let issueStatus = 'pending';
  for (let attempt = 0; attempt < 10 && issueStatus === 'pending'; attempt++) {
    const request = await api<any>(`/requests/${issued.body.requestId}?longPolling=true`, { method: 'GET' });
    issueStatus = request.body.status;
    if (issueStatus !== 'success') expect(issueStatus, request.text).toBe('pending');
  }
  expect(issueStatus, 'the issue request ended in success').toBe('success');

  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes`);
  await page.getByRole('link', { name: 'Overdue payments' }).click();
  await expect(page).toHaveURL(/\?payment=overdue$/);
  await expect(page.getByLabel('Show')).toHaveValue('overdue');
  await page.getByLabel('Customer or number').fill(surname);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: surname });
  await expect(row).toHaveCount(1);
  const day = new Date(`${inception}T00:00:00Z`);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await expect(row).toContainText(`£61.24 overdue since ${day.getUTCDate()} ${months[day.getUTCMonth()]} ${day.getUTCFullYear()}`);
  await expectAccessible(page);
});

test('the quote form’s dates show and accept dd/mm/yyyy, refuse 31 February and a start that has passed, and send ISO', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/new`);
  await page.getByRole('radio', { name: /^Pet/ }).check();
  await page.getByRole('button', { name: 'Fill with the example' }).click();
  const inception = page.getByLabel('Inception date');
  await expect(inception).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.locator('#f-policy-dateInception-hint')).toContainText('Format dd/mm/yyyy, for example 31/12/2027');
  await expect(page.locator('#f-policy-dateInception-hint')).toBeVisible();

  await inception.fill('31/02/2027');
  await page.getByRole('button', { name: 'Create quote' }).click();
  await expect(page.locator('#f-policy-dateInception-error')).toHaveText(
    'Inception date: February 2027 has 28 days, so there is no 31 February.',
  );
  await expect(inception).toHaveAttribute('aria-invalid', 'true');

  const past = addDaysIso(todayIn(), -10);
  await inception.fill(typed(past));
  await page.getByRole('button', { name: 'Create quote' }).click();
  await expect(page.locator('#f-policy-dateInception-error')).toHaveText(
    `${typed(past)} has passed: cover can start today at the earliest.`,
  );
  await expect(page).toHaveURL(/\/quotes\/new$/);
  await expectAccessible(page);

  const start = addDaysIso(todayIn(), 30);
  const end = `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`;
  await inception.fill(typed(start));
  await page.getByLabel('Expiry date').fill(typed(end));
  await page.getByRole('button', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const read = await api<any>(`/sales/policies/${id}`, { method: 'GET' });
  expect(read.body[0].data.policy).toMatchObject({ dateInception: start, dateExpiry: end });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the date fields show and read TT.MM.JJJJ', async ({ page }) => {
    await signIn(page, DEMO_USERS.acmeBroker);
    await page.goto(`${baseUrl()}/quotes/new`);
    await page.getByRole('radio', { name: /^Pet/ }).check();
    await page.getByRole('button', { name: 'Fill with the example' }).click();
    await expect(page.getByLabel('Inception date')).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(page.locator('#f-policy-dateInception-hint')).toContainText('Format TT.MM.JJJJ, z. B. 31.12.2027');
    await page.getByLabel('Inception date').fill('31.02.2027');
    await page.getByRole('button', { name: 'Create quote' }).click();
    await expect(page.locator('#f-policy-dateInception-error')).toHaveText(
      'Inception date: Den 31. Februar 2027 gibt es nicht: der Februar 2027 hat 28 Tage.',
    );
  });
});

test('the termination date on the policy page is typed as dd/mm/yyyy; 31/02/2027 is refused before any preview', async ({ page }) => {
  const id = await issuedPolicy('pet');
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${id}`);
  await page.getByRole('button', { name: 'Terminate' }).click();
  await page.getByLabel('Reason').selectOption({ label: 'The pet was rehomed' });
  const date = page.getByLabel('Effective from');
  await expect(date).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.locator('#termination-date-hint')).toContainText('Format dd/mm/yyyy, for example 31/12/2027');
  await date.fill('31/02/2027');
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  await expect(page.locator('#termination-date-error')).toHaveText('February 2027 has 28 days, so there is no 31 February.');
  await expect(page.getByTestId('termination-preview')).toHaveCount(0);
  await expectAccessible(page);
  // The second month of the term: the example starts on the first of next month.
  const effective = firstOfMonthAfter((await termOf(id)).inception, 1);
  await date.fill(typed(effective));
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  await expect(page.getByTestId('termination-preview')).toContainText(`from ${formatDate(effective)}`);
});
