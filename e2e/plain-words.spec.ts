import { expect, test, type Page } from '@playwright/test';
import { readyQuote } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, signIn } from './support/session';

// Problems and referral rules reach people in words from the pages' catalogue, in the language
// their browser asks for (English or German); codes stay out of the text.

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A home quote over the authority limit (100,000): the rating refers it while it is prepared. */
function referredByRule(): Promise<string> {
  return readyQuote('home', (payload) => {
    payload.objects[0].sumInsured = 150_000;
  });
}

async function expectNoCodes(page: Page): Promise<void> {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/home\.sum-insured|system:|docs\/problems|\d{4}-\d{2}-\d{2}/);
}

test('English: a referral rule and a problem in plain words', async ({ page }) => {
  const id = await referredByRule();
  await signIn(page, DEMO_USERS.acmeBroker);
  await page.goto(`${baseUrl()}/quotes/${id}`);
  const referral = page.getByTestId('referral');
  await expect(referral).toContainText('Referred by a rule');
  await expect(referral).toContainText('automatically, after checking the risk');
  const rule = referral.locator('[data-rule="home.sum-insured-above-authority"]');
  await expect(rule).toHaveText('The sum insured is above the limit we may accept without an underwriter.');
  // The code and the rule's own figures remain a tooltip for whoever maintains the rules.
  await expect(rule).toHaveAttribute('title', /150,000.*\(home\.sum-insured-above-authority\)/);
  await expectNoCodes(page);
  await expectAccessible(page);

  await page.goto(`${baseUrl()}/quotes/${MISSING}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This record does not exist, or it belongs to another firm.' })).toBeVisible();
  await expectNoCodes(page);
  await expectAccessible(page);
  await page.goto(`${baseUrl()}/policies/${MISSING}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Policy' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This record does not exist, or it belongs to another firm.' })).toBeVisible();
  await expectAccessible(page);
});

test.describe('German', () => {
  test.use({ locale: 'de-DE' });

  test('a referral rule and a problem in plain German words', async ({ page }) => {
    const id = await referredByRule();
    await signIn(page, DEMO_USERS.acmeBroker);
    await page.goto(`${baseUrl()}/quotes/${id}`);
    const referral = page.getByTestId('referral');
    await expect(referral).toContainText('automatisch, nach der Risikoprüfung');
    await expect(referral.locator('[data-rule="home.sum-insured-above-authority"]')).toHaveText(
      'Die Versicherungssumme liegt über dem Betrag, den wir ohne Underwriter annehmen dürfen.',
    );
    await expectNoCodes(page);
    await expectAccessible(page);

    await page.goto(`${baseUrl()}/quotes/${MISSING}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Diesen Datensatz gibt es nicht, oder er gehört zu einer anderen Firma.' }),
    ).toBeVisible();
    await expectNoCodes(page);
    await expectAccessible(page);
  });
});
