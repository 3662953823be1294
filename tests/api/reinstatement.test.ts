import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addMonthsIso, daysBetween, todayIn } from '../support/dates';
import { withDatabase } from '../support/db';
import { issuePolicy } from '../support/lifecycle';
import { brokenMoneyInvariants, moneyLedgerOf } from '../support/money-ledger';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// Reinstatement (issue 16): a terminated policy back in force from its termination date, the
// return premium charged back. Home example (DOMAIN.md): net 188.31, GB IPT 12 %, payable
// 242.24 = 43.14 + 11 × 18.10. Pro-rata return = 188.31 × days remaining ÷ days in term, half-up;
// tax 12 % of it, half-up; worked here from the policy's own dates.

const POLICIES = '/api/v1/ledger/policies';
const NET_CENTS = 18831;
const PAYABLE_CENTS = 24224;
const cents = (value: number) => Math.round(value * 100);
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

const post = (path: string, body: Record<string, unknown>) =>
  call(path, { token: broker, body, headers: { 'idempotency-key': randomUUID() } });
const reinstate = (id: string, query = '') => post(`${POLICIES}/${id}/reinstate${query}`, {});

async function links(id: string) {
  const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
  expect(read.status, read.text).toBe(200);
  return read.body;
}

async function expectLedgerHolds(id: string) {
  const ledger = await moneyLedgerOf(id);
  expect(brokenMoneyInvariants(ledger)).toEqual([]);
  return ledger;
}

async function liveInstalments(id: string): Promise<string[]> {
  return withDatabase(async (client) => {
    const rows = await client.query<{ row: string }>(
      `SELECT to_char("dueDate", 'YYYY-MM-DD') || ' ' || ((amount * 100)::bigint)::text || ' ' || status AS row
       FROM "Instalment" WHERE "policyId" = $1 AND status <> 'cancelled' ORDER BY "dueDate", amount`,
      [id],
    );
    return rows.rows.map((row) => row.row);
  });
}

/** The documents listed for a policy (announced with their occasion; rendered later by the documents lane). */
async function listedDocuments(id: string): Promise<string[]> {
  const listing = await call(`${POLICIES}/${id}/documents`, { token: broker });
  expect(listing.status, listing.text).toBe(200);
  return listing.body.data.map((document: any) => `${document.type}@${document.version}`);
}

/**
 * A pending termination brought to its date by the daily job: its date is set to today for the
 * job, then put back to the real termination date once the policy is terminated.
 */
async function completeTermination(id: string, effectiveDate: string) {
  await withDatabase(async (client) => {
    await client.query(`UPDATE "Policy" SET "terminatedAt" = current_date WHERE id = $1`, [id]);
    await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('expire-policies', '{}'::jsonb)`);
  });
  let status = 'pending-termination';
  for (let attempt = 0; attempt < 50 && status === 'pending-termination'; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = (await links(id)).meta.status;
  }
  expect(status).toBe('terminated');
  await withDatabase((client) => client.query(`UPDATE "Policy" SET "terminatedAt" = $2::date WHERE id = $1`, [id, effectiveDate]));
}

describe('reinstatement', () => {
  it('after a pro-rata termination charges back exactly what was returned; the schedule is as before', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const term = (await links(id)).data.policy;
    const inception = term.dateInception as string;
    const expiry = term.dateExpiry as string;
    const paid = await post(`${POLICIES}/${id}/payments`, { amount: 43.14, currency: 'GBP', receivedOn: todayIn('UTC'), method: 'card' });
    expect(paid.status, paid.text).toBe(201);
    const scheduleBefore = await liveInstalments(id);
    await expectLedgerHolds(id);

    const effectiveDate = addMonthsIso(inception, 9);
    const returnNet = Math.round((NET_CENTS * daysBetween(effectiveDate, expiry)) / daysBetween(inception, expiry));
    const returnTax = Math.round((returnNet * 12) / 100);
    const terminated = await post(`${POLICIES}/${id}/terminate`, { effectiveDate, reason: 'property-sold', terminationType: 'pro-rata' });
    expect(terminated.status, terminated.text).toBe(200);
    expect(cents(terminated.body.data.returnPremium.payable)).toBe(returnNet + returnTax);
    expect((await expectLedgerHolds(id)).chargedCents).toBe(PAYABLE_CENTS - returnNet - returnTax);
    // Pending: not yet reinstatable (withdrawal is the way then).
    expect((await links(id)).links['policy:reinstate']).toBeUndefined();
    expect((await reinstate(id, '?dryRun=true')).status).toBe(409);

    await completeTermination(id, effectiveDate);
    const ended = await links(id);
    expect(Object.keys(ended.links)).toEqual(['policy:reinstate']);
    expect(ended.links['policy:reinstate']).toMatchObject({ href: `${POLICIES}/${id}/reinstate`, method: 'POST' });
    expect(ended.meta.reinstatement).toMatchObject({ eligible: true, reason: null });

    const preview = await reinstate(id, '?dryRun=true');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.meta).toMatchObject({ dryRun: true, status: 'terminated' });
    expect(preview.body.data).toMatchObject({
      effectiveDate,
      creditNoteNumber: terminated.body.data.creditNoteNumber,
      currency: 'GBP',
      invoiceNumber: null,
    });
    expect(cents(preview.body.data.charge.net)).toBe(returnNet);
    expect(cents(preview.body.data.charge.tax)).toBe(returnTax);
    expect(cents(preview.body.data.charge.fees)).toBe(0);
    expect(cents(preview.body.data.charge.payable)).toBe(returnNet + returnTax);
    expect((await links(id)).meta.status).toBe('terminated');

    const applied = await reinstate(id);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.meta.status).toBe('active');
    expect(applied.body.data.charge).toEqual(preview.body.data.charge);
    expect(applied.body.data.invoiceNumber).toEqual(expect.any(String));
    // The whole payable is charged again, and the schedule is the one before the termination.
    const ledger = await expectLedgerHolds(id);
    expect(ledger.chargedCents).toBe(PAYABLE_CENTS);
    expect(ledger.outstandingCents).toBe(PAYABLE_CENTS - 4314);
    expect(await liveInstalments(id)).toEqual(scheduleBefore);

    const back = await links(id);
    expect(back.meta).toMatchObject({ status: 'active', terminatedAt: null, reinstatement: null, versionKind: 'reinstatement' });
    expect(back.meta.versions.map((version: any) => [version.kind, version.effectiveFrom])).toEqual([
      ['issue', inception],
      ['termination', effectiveDate],
      ['reinstatement', effectiveDate],
    ]);
    expect(Object.keys(back.links).sort()).toEqual(['policy:data-change', 'policy:mta', 'policy:terminate']);
    const view = await call(`/api/v1/ledger/customers/policies/${id}/custom-view/installments`, { token: broker });
    expect(view.body.data.invoices.map((invoice: any) => invoice.kind)).toEqual(['premium', 'credit-note', 'adjustment']);
    expect((await reinstate(id)).status).toBe(409);
    // The reinstatement's documents, for version 3: endorsement, schedule, certificate and the
    // invoice, listed in its transaction (the documents lane renders them afterwards).
    const wanted = ['endorsement@3', 'policy-schedule@3', 'certificate@3', 'invoice@3'];
    expect(await listedDocuments(id)).toEqual(expect.arrayContaining(wanted));

    // In force again: it can be terminated again, and the money still holds.
    const again = await post(`${POLICIES}/${id}/terminate`, {
      effectiveDate,
      reason: 'property-sold',
      note: 'sold after all',
      terminationType: 'pro-rata',
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.returnPremium).toEqual(terminated.body.data.returnPremium);
    expect((await expectLedgerHolds(id)).chargedCents).toBe(PAYABLE_CENTS - returnNet - returnTax);
  });

  it('is refused with the reason once the period after the termination date is over, or the term has ended', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const inception = (await links(id)).data.policy.dateInception as string;
    const effectiveDate = addMonthsIso(inception, 6);
    const terminated = await post(`${POLICIES}/${id}/terminate`, { effectiveDate, reason: 'moved-abroad', terminationType: 'pro-rata' });
    expect(terminated.status, terminated.text).toBe(200);
    await completeTermination(id, effectiveDate);
    expect((await reinstate(id, '?dryRun=true')).status).toBe(200);

    // Terminated 31 days ago: the 30-day period is over.
    await withDatabase((client) => client.query(`UPDATE "Policy" SET "terminatedAt" = current_date - 31 WHERE id = $1`, [id]));
    const late = await reinstate(id);
    expect(late.status, late.text).toBe(409);
    expect(late.headers.get('content-type')).toContain('application/problem+json');
    expect(late.body.detail).toContain('reinstatement period of 30 days');
    expect(late.body.currentState).toBe('terminated');
    const read = await links(id);
    expect(read.links).toEqual({});
    expect(read.meta.reinstatement).toMatchObject({ eligible: false });

    // Terminated yesterday, inside the period, but the term ended yesterday too: no cover is left to restore.
    await withDatabase((client) =>
      client.query(`UPDATE "Policy" SET "terminatedAt" = current_date - 1, "dateExpiry" = current_date - 1 WHERE id = $1`, [id]),
    );
    const ended = await reinstate(id, '?dryRun=true');
    expect(ended.status, ended.text).toBe(409);
    expect(ended.body.detail).toContain('no cover left to restore');
    expect(await expectLedgerHolds(id)).toMatchObject({ unbalanced: 0 });
  });

  it('cancelled for non-payment and then paid: the payment, held as credit, settles the reopened instalments', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const term = (await links(id)).data.policy;
    const inception = term.dateInception as string;
    // As the arrears job does it: pro-rata, reason non-payment (lib/ledger/payments/mark-overdue.ts).
    const effectiveDate = addMonthsIso(inception, 3);
    const returnNet = Math.round((NET_CENTS * daysBetween(effectiveDate, term.dateExpiry)) / daysBetween(inception, term.dateExpiry));
    const returned = returnNet + Math.round((returnNet * 12) / 100);
    const terminated = await post(`${POLICIES}/${id}/terminate`, { effectiveDate, reason: 'non-payment', terminationType: 'pro-rata' });
    expect(terminated.status, terminated.text).toBe(200);
    await completeTermination(id, effectiveDate);
    // Still owed: the payable less the return, that is the three instalments before its date
    // (43.14 + 2 × 18.10 = 79.34) and what the return left of the one due on it.
    expect((await expectLedgerHolds(id)).outstandingCents).toBe(PAYABLE_CENTS - returned);
    expect(PAYABLE_CENTS - returned).toBeGreaterThanOrEqual(7934);

    // The customer pays the whole year after all.
    const paid = await post(`${POLICIES}/${id}/payments`, {
      amount: PAYABLE_CENTS / 100,
      currency: 'GBP',
      receivedOn: todayIn('UTC'),
      method: 'card',
    });
    expect(paid.status, paid.text).toBe(201);
    // What the terminated policy did not ask for is held as credit: the return.
    expect((await expectLedgerHolds(id)).creditCents).toBe(returned);

    const applied = await reinstate(id);
    expect(applied.status, applied.text).toBe(200);
    expect(cents(applied.body.data.charge.payable)).toBe(returned);
    // The charge back takes the credit: everything is paid, nothing is left over.
    const ledger = await expectLedgerHolds(id);
    expect(ledger).toMatchObject({ chargedCents: PAYABLE_CENTS, outstandingCents: 0, paidCents: PAYABLE_CENTS });
    // The credit account's balance is read negated: an empty account comes back as -0.
    expect(Math.abs(ledger.creditCents)).toBe(0);
  });

  it('an active policy cannot be reinstated; an unknown one is 404', async () => {
    const { id } = await issuePolicy(broker, 'pet');
    const active = await reinstate(id);
    expect(active.status, active.text).toBe(409);
    expect(active.body.allowedActions).not.toContain('reinstate');
    expect((await reinstate(randomUUID())).status).toBe(404);
  });
});
