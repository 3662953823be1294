import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, addMonthsIso, daysBetween } from '../support/dates';
import { withDatabase } from '../support/db';
import { issuePolicy } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads of any product */

// Termination against the schedule, pending terminations and their withdrawal, out-of-sequence
// termination (DOMAIN.md §5, API-CONTRACT §5). Every expected amount is worked here in cents from
// the policy's own term and premium: pro-rata net = net × days remaining ÷ days in term, half-up;
// tax 12 % of it (GB IPT), half-up.

const POLICIES = '/api/v1/ledger/policies';
const GB_IPT_PERCENT = 12;
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

const cents = (value: number) => Math.round(value * 100);
const links = async (id: string) => {
  const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
  expect(read.status, read.text).toBe(200);
  return read.body;
};

interface InstalmentRow {
  id: string;
  dueDate: string;
  cents: number;
  status: string;
}

async function instalmentsOf(policyId: string): Promise<InstalmentRow[]> {
  return withDatabase(async (client) => {
    const rows = await client.query<{ id: string; due: string; cents: string; status: string }>(
      `SELECT id, to_char("dueDate", 'YYYY-MM-DD') AS due, (amount * 100)::bigint::text AS cents, status
       FROM "Instalment" WHERE "policyId" = $1 ORDER BY "dueDate", "createdAt", sequence`,
      [policyId],
    );
    return rows.rows.map((row) => ({ id: row.id, dueDate: row.due, cents: Number(row.cents), status: row.status }));
  });
}

const open = (rows: InstalmentRow[]) => rows.filter((row) => row.status === 'open');
const total = (rows: InstalmentRow[]) => rows.reduce((sum, row) => sum + row.cents, 0);
const shape = (rows: InstalmentRow[]) => rows.map((row) => `${row.dueDate} ${row.cents}`).sort();

/** Every entry balances; returns the receivable in cents. */
async function receivableCents(policyId: string): Promise<number> {
  return withDatabase(async (client) => {
    const unbalanced = await client.query(
      `SELECT e.id FROM "JournalEntry" e JOIN "JournalLine" l ON l."entryId" = e.id WHERE e."policyId" = $1
       GROUP BY e.id HAVING SUM(l.debit) <> SUM(l.credit)`,
      [policyId],
    );
    expect(unbalanced.rows).toEqual([]);
    const receivable = await client.query<{ cents: string }>(
      `SELECT (COALESCE(SUM(l.debit - l.credit), 0) * 100)::bigint::text AS cents FROM "JournalLine" l
       JOIN "JournalEntry" e ON e.id = l."entryId" WHERE e."policyId" = $1 AND l.account = 'policyholder-receivable'`,
      [policyId],
    );
    return Number(receivable.rows[0]!.cents);
  });
}

/** periodPremium = the non-cancelled instalments = the receivable (nothing is paid yet). */
async function assertOnePremium(policyId: string): Promise<number> {
  const owed = total(open(await instalmentsOf(policyId)));
  expect(await receivableCents(policyId)).toBe(owed);
  expect(cents((await links(policyId)).meta.periodPremium)).toBe(owed);
  const calculation = await call(`/api/v1/ledger/sales/policies/${policyId}/calculation`, { token: broker });
  expect(calculation.status, calculation.text).toBe(200);
  expect(cents(calculation.body.data.periodPremium)).toBe(owed);
  expect(calculation.body.installments.reduce((sum: number, entry: any) => sum + cents(entry.amount), 0)).toBe(owed);
  return owed;
}

const terminate = (id: string, body: Record<string, unknown>, query = '') =>
  call(`${POLICIES}/${id}/terminate${query}`, { token: broker, body });
const withdraw = (id: string, query = '') => call(`${POLICIES}/${id}/terminate/withdraw${query}`, { token: broker, body: {} });
const mta = (id: string, effectiveDate: string, sumInsured: number) =>
  call(`${POLICIES}/${id}/mta`, { token: broker, body: { effectiveDate, objects: [{ sumInsured }] } });

describe('a monthly policy terminated mid-term', () => {
  it('keeps its earlier instalments, takes the return latest first, owes the earned premium; pending until the date; withdrawn exactly', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const read = await links(id);
    const inception = read.data.policy.dateInception as string;
    const expiry = read.data.policy.dateExpiry as string;
    const before = await instalmentsOf(id);
    expect(before).toHaveLength(12);
    const payableCents = total(before);
    const calculation = (await call(`/api/v1/ledger/sales/policies/${id}/calculation`, { token: broker })).body;
    const netCents = cents(calculation.data.net);

    // From the tenth due date (1 Sep for a 1 Dec inception): the last three instalments are on or after it.
    const effectiveDate = addMonthsIso(inception, 9);
    const remaining = daysBetween(effectiveDate, expiry);
    const returnNet = Math.round((netCents * remaining) / daysBetween(inception, expiry));
    const returnTax = Math.round((returnNet * GB_IPT_PERCENT) / 100);
    const returned = returnNet + returnTax;
    expect(returned).toBeGreaterThan(2 * before[11]!.cents); // takes Nov and Oct, and part of Sep
    expect(returned).toBeLessThan(3 * before[11]!.cents);

    const preview = await terminate(id, { effectiveDate, reason: 'property-sold', terminationType: 'pro-rata' }, '?dryRun=true');
    expect(preview.status, preview.text).toBe(200);
    expect(cents(preview.body.data.returnPremium.net)).toBe(returnNet);
    expect(cents(preview.body.data.returnPremium.payable)).toBe(returned);
    expect(await instalmentsOf(id)).toEqual(before);

    const applied = await terminate(id, { effectiveDate, reason: 'property-sold', terminationType: 'pro-rata' });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.meta.status).toBe('pending-termination');
    const after = await instalmentsOf(id);
    const stillOpen = open(after);
    // The nine instalments due before the date are untouched: same rows, same amounts.
    expect(stillOpen.filter((row) => row.dueDate < effectiveDate)).toEqual(before.slice(0, 9));
    // Nov and Oct cancelled; Sep reduced by what they could not take.
    const sepRest = 3 * before[11]!.cents - returned;
    expect(stillOpen.filter((row) => row.dueDate >= effectiveDate).map((row) => [row.dueDate, row.cents])).toEqual([
      [effectiveDate, sepRest],
    ]);
    expect(applied.body.data.schedule.steps.map((step: any) => [step.dueDate, cents(step.after)])).toEqual([
      [addMonthsIso(inception, 11), 0],
      [addMonthsIso(inception, 10), 0],
      [effectiveDate, sepRest],
    ]);
    expect(applied.body.data.schedule.credit).toBe(0);
    // Owed in all: the payable less the return, the earned premium plus the kept fee.
    expect(await assertOnePremium(id)).toBe(payableCents - returned);

    const pending = await links(id);
    expect(pending.meta.status).toBe('pending-termination');
    expect(pending.meta.pendingTermination).toEqual({ effectiveDate, reason: 'property-sold', terminationType: 'pro-rata' });
    expect(pending.meta.terminatedAt).toBe(effectiveDate);
    expect(Object.keys(pending.links).sort()).toEqual(['policy:data-change', 'policy:mta', 'policy:withdraw-termination']);
    expect(pending.links['policy:withdraw-termination']).toMatchObject({ href: `${POLICIES}/${id}/terminate/withdraw`, method: 'POST' });
    expect((await terminate(id, { effectiveDate, reason: 'customer-request' })).status).toBe(409);
    // A change on or after the termination date is refused; before it, allowed.
    const late = await call(`${POLICIES}/${id}/data-change`, {
      token: broker,
      body: { effectiveDate, customer: { phone: '+44 20 7946 0001' } },
    });
    expect(late.status, late.text).toBe(422);
    expect(late.body.errors[0].path).toBe('/effectiveDate');

    const dry = await withdraw(id, '?dryRun=true');
    expect(dry.status, dry.text).toBe(200);
    expect(cents(dry.body.data.charge.payable)).toBe(returned);
    expect((await links(id)).meta.status).toBe('pending-termination');

    const withdrawn = await withdraw(id);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.meta.status).toBe('active');
    expect(withdrawn.body.data.invoiceNumber).toMatch(/^INV-/);
    expect(shape(open(await instalmentsOf(id)))).toEqual(shape(before));
    expect(await assertOnePremium(id)).toBe(payableCents);
    const active = await links(id);
    expect(active.meta).toMatchObject({ status: 'active', pendingTermination: null, terminatedAt: null });
    expect(active.links['policy:terminate']).toBeDefined();
    expect((await withdraw(id)).status).toBe(409);

    // Terminated again, and the daily job ends it once its date has come.
    expect((await terminate(id, { effectiveDate, reason: 'property-sold' })).status).toBe(200);
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
    // Terminated today: reinstatable within the product's period (issue 16), nothing else.
    expect(Object.keys((await links(id)).links)).toEqual(['policy:reinstate']);
    expect(await assertOnePremium(id)).toBe(payableCents - returned);
  });

  it('flat from inception returns the whole payable: every instalment is taken, nothing is owed and no credit is left', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const payableCents = total(await instalmentsOf(id));
    const applied = await terminate(id, { reason: 'issued-in-error', terminationType: 'flat' });
    expect(applied.status, applied.text).toBe(200);
    expect(cents(applied.body.data.returnPremium.payable)).toBe(payableCents);
    expect(applied.body.data.schedule.steps).toHaveLength(12);
    expect(applied.body.data.schedule.credit).toBe(0);
    expect(await assertOnePremium(id)).toBe(0);
  });
});

describe('out of sequence', () => {
  it('a termination before a later MTA gives the same money as terminating a policy that never had the MTA', async () => {
    const [withMta, without] = await Promise.all([issuePolicy(broker, 'home'), issuePolicy(broker, 'home')]);
    const inception = (await links(withMta.id)).data.policy.dateInception as string;
    const adjusted = await mta(withMta.id, addMonthsIso(inception, 6), 60_000);
    expect(adjusted.status, adjusted.text).toBe(200);

    // A data change without a date applies from today (or from inception before cover starts),
    // not from the MTA's later date.
    const today = new Date().toISOString().slice(0, 10);
    const changed = await call(`${POLICIES}/${withMta.id}/data-change`, {
      token: broker,
      body: { customer: { phone: '+44 20 7946 0002' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await links(withMta.id)).meta.effectiveFrom).toBe(today > inception ? today : inception);

    const effectiveDate = addMonthsIso(inception, 3);
    const body = { effectiveDate, reason: 'moved-abroad', terminationType: 'pro-rata' };
    const preview = await terminate(withMta.id, body, '?dryRun=true');
    const a = await terminate(withMta.id, body);
    const b = await terminate(without.id, body);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(preview.body.data.returnPremium).toEqual(b.body.data.returnPremium);
    expect(a.body.data.returnPremium).toEqual(b.body.data.returnPremium);
    expect(a.body.data.schedule.voidedVersions).toEqual(['2']);
    expect(a.body.data.schedule.reversals).toHaveLength(1);
    expect(shape(open(await instalmentsOf(withMta.id)))).toEqual(shape(open(await instalmentsOf(without.id))));
    expect(await assertOnePremium(withMta.id)).toBe(await assertOnePremium(without.id));
    // The MTA stays on file; its money is reversed by a credit note, not deleted.
    const view = await call(`/api/v1/ledger/customers/policies/${withMta.id}/custom-view/installments`, { token: broker });
    expect(view.body.data.invoices.map((invoice: any) => invoice.kind)).toEqual(['premium', 'adjustment', 'credit-note', 'credit-note']);
  });

  it('an MTA before a pending termination is priced as if it had come first; withdrawing then leaves the MTA alone', async () => {
    const [pendingFirst, mtaFirst] = await Promise.all([issuePolicy(broker, 'home'), issuePolicy(broker, 'home')]);
    const inception = (await links(pendingFirst.id)).data.policy.dateInception as string;
    const ends = { effectiveDate: addMonthsIso(inception, 9), reason: 'property-sold', terminationType: 'pro-rata' };
    const change = addDaysIso(addMonthsIso(inception, 6), 3);

    expect((await terminate(pendingFirst.id, ends)).status).toBe(200);
    const adjusted = await mta(pendingFirst.id, change, 60_000);
    expect(adjusted.status, adjusted.text).toBe(200);
    expect(adjusted.body.meta.status).toBe('pending-termination');
    expect((await links(pendingFirst.id)).meta.pendingTermination.effectiveDate).toBe(ends.effectiveDate);
    expect((await mta(pendingFirst.id, ends.effectiveDate, 70_000)).status).toBe(422);

    const issuedCents = total(await instalmentsOf(mtaFirst.id));
    const term = (await links(mtaFirst.id)).data.policy;
    const first = await mta(mtaFirst.id, change, 60_000);
    expect(first.status, first.text).toBe(200);
    // The adjustment by hand: (new − old net) × days remaining ÷ days in term, plus 12 % tax.
    const { previousTermNet, newTermNet } = first.body.data;
    const adjustmentNet = Math.round(
      ((cents(newTermNet) - cents(previousTermNet)) * daysBetween(change, term.dateExpiry)) /
        daysBetween(term.dateInception, term.dateExpiry),
    );
    const adjustedOnly = issuedCents + adjustmentNet + Math.round((adjustmentNet * GB_IPT_PERCENT) / 100);
    expect(await assertOnePremium(mtaFirst.id)).toBe(adjustedOnly);
    expect((await terminate(mtaFirst.id, ends)).status).toBe(200);

    expect(await assertOnePremium(pendingFirst.id)).toBe(await assertOnePremium(mtaFirst.id));
    expect(shape(open(await instalmentsOf(pendingFirst.id)))).toEqual(shape(open(await instalmentsOf(mtaFirst.id))));

    expect((await withdraw(pendingFirst.id)).status).toBe(200);
    expect(await assertOnePremium(pendingFirst.id)).toBe(adjustedOnly);
  });
});
