import { expect, test, type Page, type Request } from '@playwright/test';
import { issuedPolicy } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

// A preview belongs to the input it priced: a change withdraws it, and Confirm sends exactly
// what was previewed.

async function openPolicy(page: Page, id: string): Promise<void> {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${id}`);
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
}

/** The next POST to the path that is not a dry run. */
function confirmRequest(page: Page, path: RegExp): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === 'POST' && path.test(request.url()) && !request.url().includes('dryRun=true'),
  );
}

test('changing the termination date withdraws the preview; Confirm terminates from the previewed date', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('pet'));
  await page.getByRole('button', { name: 'Terminate' }).click();
  await page.getByLabel('Reason').selectOption({ label: 'The pet was rehomed' });
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  const preview = page.getByTestId('termination-preview');
  // The pet example starts on 1 Dec 2026, the form's default for a policy not yet started.
  await expect(preview).toContainText('from 1 Dec 2026');

  await page.getByLabel('Effective from').fill('2027-02-01');
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm termination' })).toHaveCount(0);
  await expect(page.getByTestId('termination-preview-stale')).toContainText('preview the refund again');
  await expectAccessible(page);

  // The note beside the reason is part of what is confirmed, too.
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  await expect(preview).toContainText('from 1 Feb 2027');
  await page.getByLabel('Note').fill('Rehomed abroad');
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  await expect(preview).toContainText('from 1 Feb 2027');

  const sent = confirmRequest(page, /\/terminate/);
  await page.getByRole('button', { name: 'Confirm termination' }).click();
  expect((await sent).postDataJSON()).toEqual({
    reason: 'pet-rehomed',
    note: 'Rehomed abroad',
    terminationType: 'pro-rata',
    effectiveDate: '2027-02-01',
  });
  // 1 Feb 2027 is still to come: the policy waits for it, from the date that was previewed.
  await expect(page.getByTestId('policy-status')).toHaveText('Pending termination');
  await expect(page.getByTestId('pending-termination')).toContainText('from 1 Feb 2027 (Pro rata)');
});

test('changing a field of a priced MTA withdraws the price; Confirm sends the change that was priced', async ({ page }) => {
  await openPolicy(page, await issuedPolicy('home'));
  await page.getByRole('button', { name: 'Mid-term adjustment' }).click();
  await page.getByLabel('Sum insured (GBP)').fill('60000');
  await page.getByRole('button', { name: 'Price the change' }).click();
  const preview = page.getByTestId('mta-preview');
  // Worked in policy-changes.spec.ts: 60,000 from inception adds £105.46.
  await expect(preview).toContainText('£105.46');

  await page.getByLabel('Sum insured (GBP)').fill('70000');
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm adjustment' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Price the change' }).click();
  await expect(preview).toContainText('Additional premium');
  await expect(preview).not.toContainText('£105.46');
  await page.getByLabel('Effective from').fill('2027-01-15');
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Price the change' }).click();
  await expect(preview).toContainText('from 15 Jan 2027');
  await expectAccessible(page);

  const sent = confirmRequest(page, /\/mta/);
  await preview.getByRole('button', { name: 'Confirm adjustment' }).click();
  const body = (await sent).postDataJSON() as { effectiveDate: string };
  expect(body.effectiveDate).toBe('2027-01-15');
  expect(JSON.stringify(body)).toContain('70000');
  expect(JSON.stringify(body)).not.toContain('60000');
  await expect(page.getByTestId('version-shown')).toContainText('2 of 2');
});
