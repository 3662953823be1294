import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addMonthsIso, todayIn } from '../support/dates';
import { withDatabase } from '../support/db';
import { issuePolicy } from '../support/lifecycle';
import { brokenMoneyInvariants, moneyLedgerOf } from '../support/money-ledger';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// Money in and out (issue 14), with figures worked by hand. The home example is monthly: a
// payable of 242.24 = 43.14 (the first instalment, with the fee) + 11 × 18.10 (DOMAIN.md §4–5);
// the first test pins that schedule, so every figure below follows from it.

const POLICIES = '/api/v1/ledger/policies';
const VIEW = (id: string) => `/api/v1/ledger/customers/policies/${id}/custom-view/installments`;
const FIRST = 43.14;
const NEXT = 18.1;
const PAYABLE = 242.24;
const today = todayIn('UTC');
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

async function view(id: string) {
  const read = await call(VIEW(id), { token: broker });
  expect(read.status, read.text).toBe(200);
  return read.body.data;
}

const live = (data: any) => data.instalments.filter((instalment: any) => instalment.status !== 'cancelled');

async function pay(id: string, amount: number, key = randomUUID()) {
  return call(`${POLICIES}/${id}/payments`, {
    token: broker,
    headers: { 'idempotency-key': key },
    body: { amount, currency: 'GBP', receivedOn: today, method: 'bank-transfer', reference: `REF-${key.slice(0, 8)}` },
  });
}

async function expectLedgerHolds(id: string) {
  const ledger = await moneyLedgerOf(id);
  expect(brokenMoneyInvariants(ledger)).toEqual([]);
  return ledger;
}

describe('payments set against the instalments', () => {
  it('a payment of two and a half instalments pays two and half of the third', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const before = await view(id);
    expect(live(before).map((instalment: any) => instalment.payable)).toEqual([FIRST, ...Array(11).fill(NEXT)]);
    expect(before.balance).toMatchObject({ currency: 'GBP', outstanding: PAYABLE, credit: 0, refundDue: 0 });

    // 43.14 + 18.10 + 9.05 = 70.29
    const paid = await pay(id, 70.29);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data).toMatchObject({ kind: 'payment', amount: 70.29, currency: 'GBP', method: 'bank-transfer', reversedById: null });
    expect(paid.body.data.allocations.map((a: any) => [a.sequence, a.amount])).toEqual([
      [1, 43.14],
      [2, 18.1],
      [3, 9.05],
    ]);
    // 242.24 − 70.29 = 171.95 still owed; nothing due yet (the first instalment falls due at inception).
    expect(paid.body.meta.balance).toMatchObject({ outstanding: 171.95, credit: 0, refundDue: 0 });

    const after = live(await view(id));
    expect(after.slice(0, 4).map((i: any) => [i.state, i.paid, i.outstanding])).toEqual([
      ['paid', 43.14, 0],
      ['paid', 18.1, 0],
      ['partially-paid', 9.05, 9.05],
      ['open', 0, 18.1],
    ]);
    expect((await view(id)).totals.open).toBe(171.95);
    await expectLedgerHolds(id);
  });

  it('an overpayment is kept as credit and used by the next instalment', async () => {
    const { id } = await issuePolicy(broker, 'home');
    // 250.00 − 242.24 = 7.76 over.
    const paid = await pay(id, 250);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.meta.balance).toMatchObject({ outstanding: 0, credit: 7.76, refundDue: 0 });
    expect(live(await view(id)).every((instalment: any) => instalment.state === 'paid')).toBe(true);

    const links = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const inception = links.body.data.policy.dateInception as string;
    const mta = await call(`${POLICIES}/${id}/mta`, {
      token: broker,
      body: { effectiveDate: addMonthsIso(inception, 1), objects: [{ sumInsured: 80_000 }] },
    });
    expect(mta.status, mta.text).toBe(200);
    const added = live(await view(id)).filter((instalment: any) => instalment.state !== 'paid');
    // The added premium is one new instalment; the 7.76 credit is set against it.
    expect(added).toHaveLength(1);
    expect(added[0].paid).toBe(7.76);
    expect(Math.round(added[0].outstanding * 100)).toBe(Math.round(added[0].payable * 100) - 776);
    expect((await view(id)).balance.credit).toBe(0);
    await expectLedgerHolds(id);
  });

  it('a reversal is a new entry that reopens what the payment paid; a second reversal is 409', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const paid = await pay(id, 70.29);
    const paymentId = paid.body.data.id as string;
    const reversed = await call(`${POLICIES}/${id}/payments/${paymentId}/reverse`, {
      token: broker,
      body: { reason: 'Direct debit returned unpaid' },
    });
    expect(reversed.status, reversed.text).toBe(201);
    expect(reversed.body.data).toMatchObject({ kind: 'reversal', amount: 70.29, reversesId: paymentId });
    expect(reversed.body.data.allocations.map((a: any) => [a.sequence, a.amount])).toEqual([
      [3, -9.05],
      [2, -18.1],
      [1, -43.14],
    ]);
    expect(reversed.body.meta.balance).toMatchObject({ outstanding: PAYABLE, credit: 0 });
    expect(live(await view(id)).every((instalment: any) => instalment.state === 'open' && instalment.paid === 0)).toBe(true);

    const history = await call(`${POLICIES}/${id}/payments`, { token: broker });
    expect(history.status).toBe(200);
    expect(history.body.data.map((p: any) => [p.kind, p.amount])).toEqual([
      ['reversal', 70.29],
      ['payment', 70.29],
    ]);
    expect(history.body.data[1].reversedById).toBe(reversed.body.data.id);

    const again = await call(`${POLICIES}/${id}/payments/${paymentId}/reverse`, { token: broker, body: { reason: 'twice' } });
    expect(again.status).toBe(409);
    const ledger = await expectLedgerHolds(id);
    expect(ledger.cashCents).toBe(0);
  });

  it('refuses a payment in another currency, from the future, or of a fraction of a cent; stores nothing', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const bad = [
      { amount: 10, currency: 'EUR', receivedOn: today, method: 'card' },
      { amount: 10, currency: 'GBP', receivedOn: addMonthsIso(today, 1), method: 'card' },
      { amount: 10.001, currency: 'GBP', receivedOn: today, method: 'card' },
      { amount: -5, currency: 'GBP', receivedOn: today, method: 'card' },
      { amount: 10, currency: 'GBP', receivedOn: today, method: 'carrier-pigeon' },
    ];
    const statuses = [];
    for (const body of bad) statuses.push((await call(`${POLICIES}/${id}/payments`, { token: broker, body })).status);
    expect(statuses).toEqual([422, 422, 400, 400, 400]);
    expect((await call(`${POLICIES}/${id}/payments`, { token: broker })).body.data).toEqual([]);
    const unknown = await call(`${POLICIES}/${randomUUID()}/payments`, { token: broker, body: bad[0] });
    expect(unknown.status).toBe(404);
  });
});

describe('credit notes and refunds', () => {
  it('a termination’s return is set against the open instalments first, the rest is a refund due until it is paid out', async () => {
    const { id } = await issuePolicy(broker, 'home');
    // Ten instalments paid: 43.14 + 9 × 18.10 = 206.04; two remain open (36.20).
    expect((await pay(id, 206.04)).status).toBe(201);
    const links = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const inception = links.body.data.policy.dateInception as string;
    const ended = await call(`${POLICIES}/${id}/terminate`, {
      token: broker,
      body: { effectiveDate: addMonthsIso(inception, 9), reason: 'property-sold', terminationType: 'pro-rata' },
    });
    expect(ended.status, ended.text).toBe(200);
    const returned = Math.round(ended.body.data.returnPremium.payable * 100);
    expect(returned).toBeGreaterThan(3620);
    // The return covers the two open instalments (36.20); the rest is owed back.
    const balance = (await view(id)).balance;
    expect(Math.round(balance.refundDue * 100)).toBe(returned - 3620);
    expect(balance).toMatchObject({ outstanding: 0, credit: balance.refundDue });
    await expectLedgerHolds(id);

    const tooMuch = await call(`${POLICIES}/${id}/refunds`, {
      token: broker,
      // One cent more than is due, added in whole cents: the refund depends on today's date, and
      // adding 0.01 to it in floating point can leave a fraction of a cent.
      body: { amount: (Math.round(balance.refundDue * 100) + 1) / 100, currency: 'GBP', paidOn: today, method: 'bank-transfer' },
    });
    expect(tooMuch.status).toBe(422);
    const refunded = await call(`${POLICIES}/${id}/refunds`, {
      token: broker,
      body: { amount: balance.refundDue, currency: 'GBP', paidOn: today, method: 'bank-transfer', reference: 'Refund 1' },
    });
    expect(refunded.status, refunded.text).toBe(201);
    expect(refunded.body.data).toMatchObject({ kind: 'refund', amount: balance.refundDue });
    expect(refunded.body.meta.balance).toMatchObject({ outstanding: 0, credit: 0, refundDue: 0 });
    const ledger = await expectLedgerHolds(id);
    // Cash: 206.04 received less the refund.
    expect(ledger.cashCents).toBe(20604 - Math.round(balance.refundDue * 100));
  });
});

describe('idempotency and concurrency', () => {
  it('two payments at once with different keys both count and no instalment is paid twice; one key twice records one', async () => {
    const { id } = await issuePolicy(broker, 'home');
    // 2 × 43.14: the first instalment, then 18.10 + 18.10 + 6.94 of the next three.
    const [a, b] = await Promise.all([pay(id, FIRST), pay(id, FIRST)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    // One key twice at once: one records, the other is told to retry (409) or replays it; a retry replays.
    const key = randomUUID();
    const [c, d] = await Promise.all([pay(id, 10, key), pay(id, 10, key)]);
    expect([c.status, d.status].sort()).toContain(201);
    expect([c.status, d.status].every((status) => status === 201 || status === 409)).toBe(true);
    const replayed = await pay(id, 10, key);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe((c.status === 201 ? c : d).body.data.id);
    const history = await call(`${POLICIES}/${id}/payments`, { token: broker });
    expect(history.body.data).toHaveLength(3);
    // 86.28 + 10.00 = 96.28: 43.14 + 18.10 + 18.10 + 16.94 of the fourth.
    const after = live(await view(id));
    expect(after.slice(0, 5).map((i: any) => [i.state, i.paid])).toEqual([
      ['paid', 43.14],
      ['paid', 18.1],
      ['paid', 18.1],
      ['partially-paid', 16.94],
      ['open', 0],
    ]);
    const ledger = await expectLedgerHolds(id);
    expect(ledger.overpaidInstalments).toBe(0);
    expect(ledger.cashCents).toBe(9628);
  });
});

describe('arrears', () => {
  it('the daily job marks an instalment overdue once, with an event and a notification', async () => {
    const { id } = await issuePolicy(broker, 'home');
    await withDatabase(async (client) => {
      // The first instalment fell due 40 days ago.
      await client.query(
        `UPDATE "Instalment" SET "dueDate" = current_date - 40 WHERE "policyId" = $1 AND sequence = 1 AND status = 'open'`,
        [id],
      );
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('mark-overdue', '{}'::jsonb)`);
    });
    let events: any[] = [];
    for (let attempt = 0; attempt < 50 && events.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const read = await call(`/api/v1/ledger/sales/policies/${id}?withNotifications=true`, { token: broker });
      events = read.body[1].notifications.filter((n: any) => n.type === 'instalment.overdue');
    }
    expect(events).toHaveLength(1);
    const data = await view(id);
    expect(data.instalments[0]).toMatchObject({ state: 'overdue', outstanding: FIRST });
    expect(data.balance).toMatchObject({ overdue: FIRST, dueNow: FIRST });
    // The product does not cancel for non-payment unless it says so: still active.
    expect((await call(`${POLICIES}/${id}/links`, { token: broker })).body.meta.status).toBe('active');

    // A second run reports nothing new; paying clears the arrears.
    await withDatabase((client) => client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('mark-overdue', '{}'::jsonb)`));
    expect((await pay(id, FIRST)).status).toBe(201);
    expect((await view(id)).balance).toMatchObject({ overdue: 0, dueNow: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const count = await withDatabase(async (client) => {
      const rows = await client.query(`SELECT count(*)::int AS n FROM "Event" WHERE "policyId" = $1 AND type = 'instalment.overdue'`, [id]);
      return rows.rows[0].n as number;
    });
    expect(count).toBe(1);
  });

  it('a product that cancels for non-payment (pet, by LEDGER_CANCEL_FOR_NON_PAYMENT on the test stack) terminates the policy once the grace period is over', async () => {
    const { id } = await issuePolicy(broker, 'pet');
    const links = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const inception = links.body.data.policy.dateInception as string;
    await withDatabase(async (client) => {
      // The first instalment fell due 40 days ago: ten days past the 30-day grace period.
      const moved = await client.query(
        `UPDATE "Instalment" SET "dueDate" = current_date - 40 WHERE "policyId" = $1 AND sequence = 1 AND status = 'open'`,
        [id],
      );
      expect(moved.rowCount).toBe(1);
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('mark-overdue', '{}'::jsonb)`);
    });
    let meta: any = links.body.meta;
    for (let attempt = 0; attempt < 50 && meta.status === 'active'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      meta = (await call(`${POLICIES}/${id}/links`, { token: broker })).body.meta;
    }
    // The grace period ended before cover starts, so the termination runs from inception, a date
    // still to come: the policy waits for it as pending-termination.
    expect(meta.status).toBe('pending-termination');
    expect(meta.pendingTermination).toMatchObject({ effectiveDate: inception, reason: 'non-payment', terminationType: 'pro-rata' });
    await expectLedgerHolds(id);
    const terminated = await withDatabase(async (client) => {
      const rows = await client.query(`SELECT actor FROM "Event" WHERE "policyId" = $1 AND type = 'policy.terminated'`, [id]);
      return rows.rows.map((row) => row.actor as string);
    });
    expect(terminated).toEqual(['system:arrears']);
  });
});
