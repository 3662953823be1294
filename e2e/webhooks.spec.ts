import { expect, test } from '@playwright/test';
import { startReceiver } from '../tests/support/webhook-receiver';
import { api, readyQuote } from './support/api';
import { expectAccessible } from './support/journeys';
import { baseUrl, DEMO_USERS, keepScreenshot, signIn } from './support/session';

// The admin's webhooks page: subscriptions with their recent deliveries and status, redeliver
// and disable. The subscription and the event are made over the API; the receiver is a real HTTP
// server on loopback (the test stack allows loopback deliveries).

const ACME_ADMIN = { email: 'admin@acme.test', password: 'admin-password' };

test('an admin sees a subscription’s deliveries with their status, redelivers one and disables it', async ({ page, browser }) => {
  const receiver = await startReceiver();
  const created = await api('/webhooks', {
    client: 'acme-admin',
    body: { url: receiver.url, eventTypes: ['quote.created'], description: 'CRM sync' },
  });
  expect(created.status, created.text).toBe(201);
  const subscriptionId = created.body.id as string;
  try {
    const quoteId = await readyQuote('travel');
    await receiver.waitFor((received) => received.some((entry) => entry.body?.data?.id === quoteId));

    await signIn(page, ACME_ADMIN);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    const panel = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await expect(panel.getByTestId('webhook-status')).toHaveText('Enabled');
    await expect(panel).toContainText('CRM sync');
    const row = panel.getByTestId('delivery').filter({ hasText: 'quote.created' }).first();
    await expect(row.getByTestId('delivery-status')).toHaveText('Delivered');
    await expect(row.getByTestId('delivery-attempts')).toHaveText('1');
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Redeliver' }).click();
    await receiver.waitFor((received) => received.filter((entry) => entry.body?.data?.id === quoteId).length === 2);
    const copies = receiver.received.filter((entry) => entry.body?.data?.id === quoteId);
    expect(copies[1]!.webhookId).toBe(copies[0]!.webhookId);
    await expect(row.getByTestId('delivery-attempts')).toHaveText('2');
    await expect(row.getByTestId('delivery-status')).toHaveText('Delivered');

    await panel.getByRole('button', { name: 'Disable' }).click();
    await expect(panel.getByTestId('webhook-status')).toHaveText('Disabled');
    await expect(panel.getByRole('button', { name: 'Enable' })).toBeVisible();
    await keepScreenshot(page, 'webhooks');

    // Brokers have no webhooks page (the broker works in a browser of their own).
    const brokerContext = await browser.newContext();
    const brokerPage = await brokerContext.newPage();
    await signIn(brokerPage, DEMO_USERS.acmeBroker);
    await expect(brokerPage.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
    await brokerPage.goto(`${baseUrl()}/webhooks`);
    await expect(brokerPage.getByRole('note')).toHaveText('Only administrators manage webhooks.');
    await brokerContext.close();
  } finally {
    await api(`/webhooks/${subscriptionId}`, { method: 'DELETE', client: 'acme-admin' });
    await receiver.close();
  }
});
