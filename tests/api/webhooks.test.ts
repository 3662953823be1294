import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_EVENT_TYPES } from '@/lib/events-out/types';
import { call, tokenFor } from '../support/api';
import { addDaysIso, todayIn } from '../support/dates';
import { withDatabase } from '../support/db';
import { boundQuote, calculatedQuote, createQuote, issuePolicy, waitForRequest, waitUntilReady } from '../support/lifecycle';
import { annualTrip, moveIntoRenewalWindow } from '../support/renewal-window';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers and payloads */

// Webhooks over real HTTP: the app's worker delivers to receivers on loopback (the test stack
// allows loopback with LEDGER_WEBHOOK_ALLOWED_NETWORKS and retries after 300 ms, not 10 s).

const HOOKS = '/api/v1/ledger/webhooks';
const SALES = '/api/v1/ledger/sales/policies';
const POLICIES = '/api/v1/ledger/policies';

let admin: string;
let broker: string;
let underwriter: string;
const receivers: Receiver[] = [];
const subscriptions: { id: string; tenant: string; token: string }[] = [];

async function receiver(answer?: Receiver['answer']): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

async function subscribe(url: string, eventTypes: readonly string[] = PUBLIC_EVENT_TYPES, tenant = 'acme', token = admin) {
  const created = await call(HOOKS, { token, tenant, body: { url, eventTypes, description: 'test receiver' } });
  expect(created.status, created.text).toBe(201);
  subscriptions.push({ id: created.body.id, tenant, token });
  return created.body as { id: string; secret: string; enabled: boolean };
}

const forPolicy = (payloads: any[], ids: string[]) => payloads.filter((payload) => ids.includes(payload.data.policy?.id));

async function deliveries(subscriptionId: string, token = admin, tenant = 'acme'): Promise<any[]> {
  const listed = await call(`${HOOKS}/${subscriptionId}/deliveries?limit=100`, { token, tenant });
  expect(listed.status, listed.text).toBe(200);
  return listed.body.data;
}

beforeAll(async () => {
  [admin, broker, underwriter] = await Promise.all([tokenFor('acme-admin'), tokenFor('acme-broker'), tokenFor('acme-underwriter')]);
});

afterAll(async () => {
  // Leave no subscription behind for later test files (they would deliver to closed ports).
  for (const subscription of subscriptions) {
    await call(`${HOOKS}/${subscription.id}`, { method: 'DELETE', token: subscription.token, tenant: subscription.tenant });
  }
  await Promise.all(receivers.map((entry) => entry.close()));
});

describe('subscriptions', () => {
  it('create answers the secret once; list and read do not; brokers may not manage webhooks', async () => {
    const target = await receiver();
    const created = await subscribe(target.url, ['quote.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const read = await call(`${HOOKS}/${created.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: created.id,
      url: target.url,
      eventTypes: ['quote.created'],
      enabled: true,
      disabledReason: null,
    });
    expect(read.text).not.toContain(created.secret);
    const list = await call(HOOKS, { token: admin });
    expect(list.body.data.map((entry: any) => entry.id)).toContain(created.id);
    expect(list.text).not.toContain('whsec_');
    expect((await call(HOOKS, { token: broker })).status).toBe(403);
    expect((await call(HOOKS, { token: broker, body: { url: target.url, eventTypes: ['quote.created'] } })).status).toBe(403);
  });

  it('refuses private, link-local and loopback-less literal addresses, credentials, unknown types and bad URLs with problem+json', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/hook',
      'http://[fe80::1]/hook',
      'http://192.168.1.20/',
    ]) {
      const refused = await call(HOOKS, { token: admin, body: { url, eventTypes: ['quote.created'] } });
      expect(refused.status, url).toBe(422);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.errors[0].path).toBe('/url');
    }
    const credentials = await call(HOOKS, { token: admin, body: { url: 'https://user:pw@example.com/', eventTypes: ['quote.created'] } });
    expect(credentials.status).toBe(422);
    for (const body of [
      { url: 'ftp://example.com/', eventTypes: ['quote.created'] },
      { url: 'https://example.com/', eventTypes: ['quote.exploded'] },
      { url: 'https://example.com/', eventTypes: [] },
      { url: 'not a url', eventTypes: ['quote.created'] },
    ]) {
      const bad = await call(HOOKS, { token: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('delivery', () => {
  it('a full lifecycle delivers every event type once to each subscription, each signature verified', async () => {
    const [first, second] = [await receiver(), await receiver()];
    const [a, b] = [await subscribe(first.url), await subscribe(second.url)];

    // Quote → calculated → referred → approved → bound → issued (documents, request) →
    // adjusted → data changed → terminated; a declined quote; an annual travel policy renewed and expired.
    const id = await calculatedQuote(broker, 'home');
    expect((await call(`${SALES}/${id}/referrals`, { token: broker, body: { comment: 'please look' } })).status).toBe(204);
    const decided = await call(`${SALES}/${id}/referrals/decision`, { token: underwriter, body: { decision: 'approve', comment: 'fine' } });
    expect(decided.status, decided.text).toBe(204);
    expect((await call(`${SALES}/${id}/bind`, { token: broker, body: {} })).status).toBe(200);
    const issue = await call(`${SALES}/${id}/issue`, { token: broker, body: {} });
    expect((await waitForRequest(broker, issue.body.requestId)).status).toBe('success');
    // Money: a payment reversed, then an overpayment of which a part is refunded out of the credit.
    const today = new Date().toISOString().slice(0, 10);
    const payment = { currency: 'GBP', receivedOn: today, method: 'card' };
    const paid = await call(`${POLICIES}/${id}/payments`, { token: broker, body: { ...payment, amount: 10 } });
    expect(paid.status, paid.text).toBe(201);
    const reversed = await call(`${POLICIES}/${id}/payments/${paid.body.data.id}/reverse`, { token: broker, body: { reason: 'returned' } });
    expect(reversed.status, reversed.text).toBe(201);
    expect((await call(`${POLICIES}/${id}/payments`, { token: broker, body: { ...payment, amount: 5_000 } })).status).toBe(201);
    const refunded = await call(`${POLICIES}/${id}/refunds`, {
      token: broker,
      body: { amount: 1, currency: 'GBP', paidOn: today, method: 'bank-transfer' },
    });
    expect(refunded.status, refunded.text).toBe(201);
    const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const inception: string = read.body.data.policy.dateInception;
    const start = [inception, new Date().toISOString().slice(0, 10)].sort().at(-1)!;
    const objects = read.body.data.objects.map((object: any) => ({ ...object, sumInsured: object.sumInsured + 10_000 }));
    const mta = await call(`${POLICIES}/${id}/mta`, { token: broker, body: { effectiveDate: addDaysIso(start, 30), objects } });
    expect(mta.status, mta.text).toBe(200);
    const changed = await call(`${POLICIES}/${id}/data-change`, { token: broker, body: { customer: { phone: '+44 113 496 0111' } } });
    expect(changed.status, changed.text).toBe(200);
    const terminated = await call(`${POLICIES}/${id}/terminate`, {
      token: broker,
      body: { effectiveDate: addDaysIso(start, 60), reason: 'customer-request', terminationType: 'pro-rata' },
    });
    expect(terminated.status, terminated.text).toBe(200);

    const declinedId = await calculatedQuote(broker, 'pet');
    const declined = await call(`${SALES}/${declinedId}/decline`, {
      token: broker,
      body: [{ reason: 'price-too-high' }, { declinedAt: todayIn() }],
    });
    expect(declined.status, declined.text).toBe(204);

    // An annual multi-trip policy near the end of its year renews (a single trip never does).
    const travel = await issuePolicy(broker, 'travel', annualTrip);
    await withDatabase((client) => moveIntoRenewalWindow(client, travel.id));
    const renewal = await call(`${POLICIES}/${travel.id}/renewal`, { token: broker });
    expect(renewal.status, renewal.text).toBe(200);
    await withDatabase(async (client) => {
      await client.query(`UPDATE "Policy" SET "dateInception" = current_date - 400, "dateExpiry" = current_date - 35 WHERE id = $1`, [
        travel.id,
      ]);
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('expire-policies', '{}'::jsonb)`);
      // The travel premium, never paid, fell due 40 days ago: the arrears job reports it.
      await client.query(`UPDATE "Instalment" SET "dueDate" = current_date - 40 WHERE "policyId" = $1`, [travel.id]);
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('mark-overdue', '{}'::jsonb)`);
    });

    const ids = [id, declinedId, travel.id];
    const complete = (entries: { body: any }[]) => {
      const types = new Set(
        forPolicy(
          entries.map((entry) => entry.body),
          ids,
        ).map((payload) => payload.type),
      );
      return PUBLIC_EVENT_TYPES.every((type) => types.has(type));
    };
    // First the events themselves: documents render in their own low-priority lane behind every
    // other test file's, so how soon document.stored exists says nothing about delivery. Then
    // delivery, which is what this test times.
    const producedBy = Date.now() + 180_000;
    for (;;) {
      const stored = await withDatabase(async (client) =>
        (
          await client.query<{ type: string }>(
            `SELECT DISTINCT "type" FROM "OutboundEvent" WHERE "payload"->'data'->'policy'->>'id' = ANY($1::text[])`,
            [ids],
          )
        ).rows.map((row) => row.type),
      );
      const missing = PUBLIC_EVENT_TYPES.filter((type) => !stored.includes(type));
      if (missing.length === 0) break;
      if (Date.now() > producedBy) throw new Error(`events never produced: ${missing.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await first.waitFor(complete, 45_000);
    await second.waitFor(complete, 45_000);

    for (const [target, subscription] of [
      [first, a],
      [second, b],
    ] as const) {
      const payloads = forPolicy(target.verifiedWith(subscription.secret), ids);
      // Once each: no webhook-id twice (nothing failed, so nothing was retried).
      const webhookIds = target.received.filter((entry) => ids.includes(entry.body.data.policy?.id)).map((entry) => entry.webhookId);
      expect(new Set(webhookIds).size).toBe(webhookIds.length);
      for (const payload of payloads) {
        expect(payload).toMatchObject({ id: expect.any(String), tenant: 'acme', occurredAt: expect.any(String) });
        expect(webhookIds).toContain(payload.id);
      }
      const byType = (type: string) => payloads.filter((payload) => payload.type === type);
      expect(byType('policy.issued').find((payload) => payload.data.id === id)?.data).toMatchObject({
        object: 'policy',
        number: read.body.meta.policyNumber,
        version: 1,
        policy: { id, product: 'home', policyNumber: read.body.meta.policyNumber },
      });
      expect(byType('request.completed').find((payload) => payload.data.id === issue.body.requestId)?.data).toMatchObject({
        object: 'request',
        status: 'success',
        requestType: 'issue',
      });
      expect(byType('quote.referral-decided')[0].data).toMatchObject({ object: 'quote', id, decision: 'approve', comment: 'fine' });
      expect(byType('quote.declined')[0].data).toMatchObject({ id: declinedId, reason: 'price-too-high' });
      expect(byType('policy.adjusted')[0].data).toMatchObject({ id, version: 2, invoiceNumber: mta.body.data.invoiceNumber });
      expect(byType('policy.terminated')[0].data).toMatchObject({ id, terminationType: 'pro-rata', reason: 'customer-request' });
      expect(byType('policy.renewal-created')[0].data).toMatchObject({ id: travel.id, renewalQuoteId: renewal.body.policy.id });
      expect(byType('policy.expired')[0].data).toMatchObject({ id: travel.id, policy: { policyStatus: 'expired' } });
      expect(byType('document.ready')[0].data).toMatchObject({ object: 'document', documentType: expect.any(String) });
    }
  }, 120_000);

  it('a receiver answering 500 three times gets the event on the fourth attempt; every attempt is kept', async () => {
    const flaky = await receiver((index) => (index < 3 ? 500 : 200));
    const subscription = await subscribe(flaky.url, ['quote.created']);
    const id = await createQuote(broker, 'home');
    await flaky.waitFor((received) => received.length >= 4);
    expect(new Set(flaky.received.map((entry) => entry.webhookId)).size).toBe(1);
    expect(flaky.verifiedWith(subscription.secret).every((payload) => payload.data.id === id)).toBe(true);
    let delivery: any;
    for (let attempt = 0; attempt < 50 && delivery?.status !== 'delivered'; attempt++) {
      [delivery] = await deliveries(subscription.id);
      if (delivery?.status !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200, eventType: 'quote.created' });
    expect(delivery.attemptLog.map((attempt: any) => attempt.statusCode)).toEqual([500, 500, 500, 200]);
    expect(delivery.attemptLog[0]).toMatchObject({ attempt: 1, error: 'HTTP 500', responseExcerpt: 'answer 500' });
    // Back-off: retry n waits at least 300 ms × 2^(n-1) less 20 % jitter after the failed answer
    // (a retry may start later than due, up to the worker's poll interval, never sooner).
    const gaps = flaky.received.slice(1).map((entry, index) => entry.at - flaky.received[index]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(240);
    expect(gaps[1]).toBeGreaterThanOrEqual(480);
    expect(gaps[2]).toBeGreaterThanOrEqual(960);
    await waitUntilReady(broker, id);
  });

  it('a hanging receiver delays neither another tenant’s deliveries nor an issue', async () => {
    const hanging = await receiver(() => 'hang');
    await subscribe(hanging.url);
    // A backlog for the hanging endpoint: each attempt waits out the 3 s timeout.
    await Promise.all(Array.from({ length: 4 }, () => createQuote(broker, 'travel')));
    await hanging.waitFor((received) => received.length >= 1);

    const globexAdmin = await tokenFor('globex-admin');
    const globexBroker = await tokenFor('globex-broker');
    const fast = await receiver();
    const globexSubscription = await subscribe(fast.url, ['quote.created'], 'globex', globexAdmin);
    const globexQuote = await createQuote(globexBroker, 'home', undefined, 'globex');
    // The event committed before the create answered: from here on it is the delivery alone.
    const started = Date.now();
    await fast.waitFor((received) => received.some((entry) => entry.body.data.id === globexQuote), 10_000);
    const deliveredMs = Date.now() - started;
    expect(fast.verifiedWith(globexSubscription.secret).length).toBeGreaterThanOrEqual(1);
    // Well under the hanging endpoint's 3 s attempt timeout, though it holds a backlog.
    expect(deliveredMs).toBeLessThan(2_500);

    const id = await boundQuote(broker, 'home');
    const issueStarted = Date.now();
    const issue = await call(`${SALES}/${id}/issue`, { token: broker, body: {} });
    expect((await waitForRequest(broker, issue.body.requestId)).status).toBe('success');
    // Sooner than one attempt at the hanging endpoint (3 s), which is still waiting for its answer.
    expect(Date.now() - issueStarted).toBeLessThan(3_000);
    expect(hanging.received.length).toBeGreaterThanOrEqual(1);
    // The hanging endpoint was still being tried all along.
    expect(hanging.received.length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('redeliver sends a delivered event again with the same webhook-id', async () => {
    const target = await receiver();
    const subscription = await subscribe(target.url, ['quote.created']);
    const id = await createQuote(broker, 'pet');
    await target.waitFor((received) => received.some((entry) => entry.body.data.id === id));
    let [delivery] = await deliveries(subscription.id);
    for (let attempt = 0; attempt < 50 && delivery.status !== 'delivered'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [delivery] = await deliveries(subscription.id);
    }
    const again = await call(`${HOOKS}/${subscription.id}/deliveries/${delivery.id}/redeliver`, { token: admin, method: 'POST' });
    expect(again.status, again.text).toBe(202);
    expect(again.body).toMatchObject({ id: delivery.id, status: 'pending' });
    await target.waitFor((received) => received.filter((entry) => entry.body.data.id === id).length === 2);
    const copies = target.received.filter((entry) => entry.body.data.id === id);
    expect(copies[1]!.webhookId).toBe(copies[0]!.webhookId);
    expect(copies[1]!.raw).toBe(copies[0]!.raw);
    expect(target.verifiedWith(subscription.secret)).toHaveLength(2);
    const unknown = await call(`${HOOKS}/${subscription.id}/deliveries/00000000-0000-4000-8000-000000000009/redeliver`, {
      token: admin,
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
  });

  it('a disabled subscription receives nothing; enabled again it does', async () => {
    const [disabledTarget, control] = [await receiver(), await receiver()];
    const disabled = await subscribe(disabledTarget.url, ['quote.created']);
    await subscribe(control.url, ['quote.created']);
    const off = await call(`${HOOKS}/${disabled.id}`, { method: 'PATCH', token: admin, body: { enabled: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'disabled' });
    const id = await createQuote(broker, 'home');
    await control.waitFor((received) => received.some((entry) => entry.body.data.id === id));
    // The control got it; give the disabled one as long again before looking.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(disabledTarget.received).toEqual([]);
    expect(await deliveries(disabled.id)).toEqual([]);

    const on = await call(`${HOOKS}/${disabled.id}`, { method: 'PATCH', token: admin, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    const next = await createQuote(broker, 'home');
    await disabledTarget.waitFor((received) => received.some((entry) => entry.body.data.id === next));
    expect(disabledTarget.received.some((entry) => entry.body.data.id === id)).toBe(false);
  });

  it('a redirect is not followed; the attempt fails and is retried', async () => {
    const redirecting = await receiver((_index, request) => (request.path.endsWith('/followed') ? 200 : 302));
    const subscription = await subscribe(redirecting.url, ['quote.created']);
    await createQuote(broker, 'travel');
    await redirecting.waitFor((received) => received.length >= 2);
    expect(redirecting.received.every((entry) => !entry.path.endsWith('/followed'))).toBe(true);
    const [delivery] = await deliveries(subscription.id);
    expect(delivery.attemptLog[0]).toMatchObject({ statusCode: 302, error: 'redirect (302) not followed' });
    expect((await call(`${HOOKS}/${subscription.id}`, { method: 'PATCH', token: admin, body: { enabled: false } })).status).toBe(200);
  });

  it('an endpoint that keeps failing is disabled and then receives nothing', async () => {
    // The test stack disables after 5 failures in a row (LEDGER_WEBHOOK_DISABLE_AFTER_HOURS=0).
    const dead = await receiver(() => 503);
    const subscription = await subscribe(dead.url, ['quote.created']);
    await createQuote(broker, 'pet');
    let read: any;
    for (let attempt = 0; attempt < 100 && read?.enabled !== false; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = (await call(`${HOOKS}/${subscription.id}`, { token: admin })).body;
    }
    expect(read).toMatchObject({ enabled: false, disabledReason: 'failing', consecutiveFailures: 5, failingSince: expect.any(String) });
    expect(dead.received).toHaveLength(5);
    const [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 5, lastStatusCode: 503 });
    await createQuote(broker, 'pet');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(dead.received).toHaveLength(5);
    expect(await deliveries(subscription.id)).toHaveLength(1);
  });

  it('a rotated secret signs together with the old one; delete removes the subscription', async () => {
    const target = await receiver();
    const subscription = await subscribe(target.url, ['quote.created']);
    const rotated = await call(`${HOOKS}/${subscription.id}/rotate-secret`, { token: admin, method: 'POST' });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).not.toBe(subscription.secret);
    const id = await createQuote(broker, 'home');
    await target.waitFor((received) => received.some((entry) => entry.body.data.id === id));
    expect(target.verifiedWith(rotated.body.secret)).toHaveLength(1);
    expect(target.verifiedWith(subscription.secret)).toHaveLength(1);
    expect(String(target.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);

    expect((await call(`${HOOKS}/${subscription.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await call(`${HOOKS}/${subscription.id}`, { token: admin })).status).toBe(404);
    expect((await call(`${HOOKS}/${subscription.id}`, { token: await tokenFor('globex-admin'), tenant: 'globex' })).status).toBe(404);
  });
});
