import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { formatDate } from '../lib/client/format';
import { addDaysIso, daysBetween as days } from '../tests/support/dates';
import { api, calculatedQuote, issuedPolicy, termOf } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// The everyday exceptions of issue 16 on the pages: cancellation before inception, reinstatement
// of a terminated policy, and a quote whose price has expired. Each flow is dry run first.

/** Direct SQL on the stack's database, to stand in for time passing. */
async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function openPolicy(page: Page, id: string, status: string): Promise<void> {
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/policies/${id}`);
  await expect(page.getByTestId('policy-status')).toHaveText(status);
}

const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;

test('a home policy cancelled before inception returns premium and tax; the product keeps its fees', async ({ page }) => {
  const id = await issuedPolicy('home');
  const { inception } = await termOf(id);
  await openPolicy(page, id, 'Active');
  await page.getByRole('button', { name: 'Terminate' }).click();
  const form = page.getByTestId('termination-form');
  await expect(form).toContainText('cancellation from inception, not taken up');
  await page.getByLabel('Effective from').fill(addDaysIso(inception, -5));
  await page.getByLabel('Reason').selectOption({ value: 'customer-request' });
  await page.getByLabel('Note').fill('Not taken up');
  await page.getByRole('button', { name: 'Preview the refund' }).click();
  const preview = page.getByTestId('termination-preview');
  // Home example: net 188.31 + tax 22.60 = 210.91 back; fees 25.00 + 6.33 surcharge = 31.33 kept.
  await expect(preview).toContainText('Return premium £210.91');
  await expect(preview).toContainText('cancellation from inception: not taken up');
  await expect(preview).toContainText('fees kept £31.33');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm termination' }).click();
  // Inception is still ahead: the cancellation waits for it, and only the fees stay charged.
  await expect(page.getByTestId('policy-status')).toHaveText('Pending termination');
  await expect(page.getByTestId('pending-termination')).toContainText(`from ${formatDate(inception)}`);
  await expect(page.getByTestId('period-premium')).toHaveText('£31.33');
  await keepScreenshot(page, 'cancellation-from-inception');
});

test('a terminated policy is reinstated: the preview charges back what the termination returned', async ({ page }) => {
  const id = await issuedPolicy('pet');
  const { inception, expiry } = await termOf(id);
  const effectiveDate = addDaysIso(inception, 180);
  const terminated = await api(`/policies/${id}/terminate`, {
    body: { effectiveDate, reason: 'pet-rehomed', terminationType: 'pro-rata' },
  });
  expect(terminated.status, terminated.text).toBe(200);
  // Pet example net 365.04: back 365.04 × days remaining ÷ days in term, half-up, and 12 % tax on it.
  const net = Math.round((36504 * days(effectiveDate, expiry)) / days(inception, expiry));
  const returned = net + Math.round((net * 12) / 100);
  // The daily job ends it on its date (moved to today for the job, then back).
  await sql(`UPDATE "Policy" SET "terminatedAt" = current_date WHERE id = $1`, [id]);
  await sql(`INSERT INTO "Job" ("task", "payload") VALUES ('expire-policies', '{}'::jsonb)`, []);
  await expect.poll(async () => (await api(`/policies/${id}/links`)).body.meta.status, { timeout: 15_000 }).toBe('terminated');
  await sql(`UPDATE "Policy" SET "terminatedAt" = $2::date WHERE id = $1`, [id, effectiveDate]);

  await openPolicy(page, id, 'Terminated');
  await expect(page.getByTestId('reinstatement')).toContainText('possible until');
  await page.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await page.getByRole('button', { name: 'Preview the reinstatement' }).click();
  const preview = page.getByTestId('reinstate-preview');
  await expect(preview).toContainText(`${pounds(returned)} charged again`);
  await expectAccessible(page);
  await keepScreenshot(page, 'reinstatement-preview');
  await preview.getByRole('button', { name: 'Confirm reinstatement' }).click();
  await expect(page.getByTestId('policy-status')).toHaveText('Active');
  await expect(page.getByTestId('version-shown')).toContainText('(Reinstated)');
  await expect(page.getByRole('button', { name: 'Terminate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reinstate', exact: true })).toHaveCount(0);
  await keepScreenshot(page, 'reinstated');
});

test('a quote says until when its price holds; expired, it offers the recalculation instead of bind', async ({ page }) => {
  const id = await calculatedQuote('home');
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  await expect(page.getByTestId('quote-validity')).toContainText('Price valid until');
  await expect(page.getByRole('button', { name: 'Bind' })).toBeVisible();

  await sql(`UPDATE "Policy" SET "calculatedAt" = now() - interval '31 days' WHERE id = $1`, [id]);
  await page.reload();
  await expect(page.getByTestId('quote-validity')).toContainText('The price expired on');
  await expect(page.getByRole('button', { name: 'Bind' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, 'quote-expired');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('quote-validity')).toContainText('Price valid until');
  await expect(page.getByRole('button', { name: 'Bind' })).toBeVisible();
});
