import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { formatDate } from '../lib/client/format';
import { addDaysIso, firstOfMonthAfter } from '../tests/support/dates';
import { api, calculatedQuote, issuedPolicy, termOf } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

// A preview belongs to the input it priced: a change withdraws it, and Confirm sends exactly
// what was previewed.

async function openPolicy(page: Page, id: string): Promise<void> {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${id}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
}

/**
 * Changes a field as a person does: selects its text and types. The page's change (a preview
 * withdrawn) then follows keyboard input, as layout-shift measurement expects of a change a person
 * caused; `fill` sets the value without key presses, so a preview it withdraws counts as a shift.
 */
async function retype(field: Locator, text: string): Promise<void> {
  await field.click({ clickCount: 3 });
  await field.pressSequentially(text);
}

/** The next POST to the path that is not a dry run. */
function confirmRequest(page: Page, path: RegExp): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === 'POST' && path.test(request.url()) && !request.url().includes('dryRun=true'),
  );
}

test('changing the termination date withdraws the preview; Confirm terminates from the previewed date', async ({ page }) => {
  const id = await issuedPolicy('pet');
  const { inception } = await termOf(id);
  const later = firstOfMonthAfter(inception, 2);
  await openPolicy(page, id);
  await page.getByRole('button', { name: 'Terminate' }).click();
  await page.getByLabel('Reason').selectOption({ label: 'The pet was rehomed' });
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  const preview = page.getByTestId('termination-preview');
  // The form's default for a policy not yet started is its inception.
  await expect(preview).toContainText(`from ${formatDate(inception)}`);

  await page.getByLabel('Effective from').fill(later);
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm termination' })).toHaveCount(0);
  await expect(page.getByTestId('termination-preview-stale')).toContainText('preview the refund again');
  await expectAccessible(page);

  // The note beside the reason is part of what is confirmed, too.
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  await expect(preview).toContainText(`from ${formatDate(later)}`);
  await page.getByLabel('Note').fill('Rehomed abroad');
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  await expect(preview).toContainText(`from ${formatDate(later)}`);

  const sent = confirmRequest(page, /\/terminate/);
  await page.getByRole('button', { name: 'Confirm termination' }).click();
  expect((await sent).postDataJSON()).toEqual({
    reason: 'pet-rehomed',
    note: 'Rehomed abroad',
    terminationType: 'pro-rata',
    effectiveDate: later,
  });
  // Two months after inception is still to come: the policy waits for it, from the date that was previewed.
  await expect(page.getByTestId('policy-status')).toHaveText('Pending termination');
  await expect(page.getByTestId('pending-termination')).toContainText(`from ${formatDate(later)} (Pro rata)`);
});

test('changing a field of a priced MTA withdraws the price; Confirm sends the change that was priced', async ({ page }) => {
  const id = await issuedPolicy('home');
  // The fifteenth of the policy's second month.
  const midTerm = addDaysIso(firstOfMonthAfter((await termOf(id)).inception, 1), 14);
  await openPolicy(page, id);
  await page.getByRole('button', { name: 'Mid-term adjustment' }).click();
  await page.getByLabel('Sum insured (GBP)').fill('60000');
  await page.getByRole('button', { name: 'Price the change' }).click();
  const preview = page.getByTestId('mta-preview');
  // Worked in policy-changes.spec.ts: 60,000 from inception adds £105.46.
  await expect(preview).toContainText('£105.46');

  await retype(page.getByLabel('Sum insured (GBP)'), '70000');
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm adjustment' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Price the change' }).click();
  await expect(preview).toContainText('Additional premium');
  await expect(preview).not.toContainText('£105.46');
  await retype(page.getByLabel('Effective from'), midTerm);
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Price the change' }).click();
  await expect(preview).toContainText(`from ${formatDate(midTerm)}`);
  await expectAccessible(page);

  const sent = confirmRequest(page, /\/mta/);
  await preview.getByRole('button', { name: 'Confirm adjustment' }).click();
  const body = (await sent).postDataJSON() as { effectiveDate: string };
  expect(body.effectiveDate).toBe(midTerm);
  expect(JSON.stringify(body)).toContain('70000');
  expect(JSON.stringify(body)).not.toContain('60000');
  await expect(page.getByTestId('version-shown')).toContainText('2 of 2');
});

test('a previewed instalment plan holds Bind until it is chosen; Bind binds the plan whose schedule was shown', async ({ page }) => {
  // The home example pays monthly.
  const id = await calculatedQuote('home');
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  const schedule = page.getByTestId('schedule-of');
  await expect(schedule).toHaveAttribute('data-plan', 'monthly');
  await expect(page.getByRole('button', { name: 'Bind' })).toBeEnabled();

  await page.getByLabel('Payment plan').selectOption('quarterly');
  await expect(schedule).toHaveAttribute('data-plan', 'quarterly');
  // Four quarterly rows, not the twelve monthly ones left over from before.
  await expect(schedule.locator('tbody tr')).toHaveCount(4);
  const previewedTotal = (await schedule.locator('tfoot').innerText()).match(/£[\d,]+\.\d{2}/)?.[0];
  expect(previewedTotal).toBeDefined();
  await expect(page.getByRole('button', { name: 'Bind' })).toBeDisabled();
  await expect(page.getByTestId('bind-blocked')).toContainText('The schedule shows the Quarterly plan, but the quote is priced on Monthly');
  await expectAccessible(page);

  // Switching back lets Bind bind what is shown again; choosing the previewed plan changes the quote.
  await page.getByLabel('Payment plan').selectOption('monthly');
  await expect(page.getByRole('button', { name: 'Bind' })).toBeEnabled();
  await page.getByLabel('Payment plan').selectOption('quarterly');
  const chosen = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(`/sales/policies/${id}/`));
  await page.getByRole('button', { name: 'Use the Quarterly plan' }).click();
  expect((await chosen).postDataJSON()).toEqual({ policy: { paymentPlan: 'quarterly' } });
  // The quote now holds the plan (no preview left) and is priced again on it.
  await expect(page.getByTestId('plan-preview-note')).toHaveCount(0);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');
  await expect(schedule).toHaveAttribute('data-plan', 'quarterly');

  await page.getByRole('button', { name: 'Bind' }).click();
  // The confirmation names the plan and the amount of the schedule that was previewed.
  await expect(page.getByRole('group', { name: /^Bind Q-/ })).toContainText(`at ${previewedTotal!} (Quarterly plan)`);
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/sales/policies/${id}/bind`));
  await page.getByRole('button', { name: 'Confirm bind' }).click();
  // Bind takes no body: it binds the quote's plan, which is the one that was previewed and chosen.
  expect((await sent).postDataJSON() ?? {}).toEqual({});
  await expect(page.getByTestId('quote-status')).toHaveText('Bound');
  const bound = await api<[{ data: { policy: { paymentPlan: string } } }]>(`/sales/policies/${id}`);
  expect(bound.body[0].data.policy.paymentPlan).toBe('quarterly');
});

test('a premium answered while a change of plan is priced again is not the one Bind confirms', async ({ page }) => {
  // The ledger may answer the premium of a quote that is being priced again with its previous
  // plan's figures (the new calculation is not stored yet). Here the premium the page fetches on
  // the change gets that answer, and the quote read waits until the quote is priced on the new plan
  // and that answer has gone, as on a loaded server. The page must then fetch the premium of the
  // state it read, never keep the earlier answer.
  const id = await calculatedQuote('home');
  const quotePath = `/api/v1/ledger/sales/policies/${id}`;
  let planChanged = false;
  let repricedRead = false;
  let previousPremium: string | undefined;
  let previousPremiumAnswers = 0;
  const repriced = (meta: { status: string; revision: number }) => meta.status === 'calculated' && meta.revision > 1;
  await page.route(
    (url) => url.pathname === quotePath,
    async (route) => {
      if (!planChanged || route.request().method() !== 'GET') return route.continue();
      await expect
        .poll(async () =>
          repriced((await api<[unknown, { meta: { status: string; revision: number } }]>(`/sales/policies/${id}`)).body[1].meta),
        )
        .toBe(true);
      // The change's refresh fetches the premium beside the read: it is answered first.
      await expect.poll(() => previousPremiumAnswers).toBeGreaterThan(0);
      repricedRead = true;
      await route.fulfill({ response: await route.fetch() });
    },
  );
  await page.route(
    (url) => url.pathname === `${quotePath}/calculation`,
    async (route) => {
      if (planChanged && !repricedRead) {
        previousPremiumAnswers++;
        return route.fulfill({ status: 200, contentType: 'application/json', body: previousPremium });
      }
      const answer = await route.fetch();
      if (!planChanged) previousPremium = await answer.text();
      await route.fulfill({ response: answer });
    },
  );

  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  const schedule = page.getByTestId('schedule-of');
  await expect(schedule).toHaveAttribute('data-plan', 'monthly');
  await expect(page.getByRole('button', { name: 'Bind' })).toBeEnabled();
  expect(previousPremium).toBeDefined();

  await page.getByLabel('Payment plan').selectOption('quarterly');
  await expect(schedule.locator('tbody tr')).toHaveCount(4);
  const previewedTotal = (await schedule.locator('tfoot').innerText()).match(/£[\d,]+\.\d{2}/)?.[0];
  expect(previewedTotal).toBeDefined();
  planChanged = true;
  await page.getByRole('button', { name: 'Use the Quarterly plan' }).click();
  await expect.poll(() => repricedRead).toBe(true);
  await expect(page.getByTestId('quote-status')).toHaveText('Calculated');

  await page.getByRole('button', { name: 'Bind' }).click();
  await expect(page.getByRole('group', { name: /^Bind Q-/ })).toContainText(`at ${previewedTotal!} (Quarterly plan)`);
});
