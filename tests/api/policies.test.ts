import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, addYearsIso } from '../support/dates';
import { withDatabase } from '../support/db';
import { issuePolicy, waitUntilReady } from '../support/lifecycle';
import { annualTrip, moveIntoRenewalWindow } from '../support/renewal-window';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads of any product */

// Issued policies (spec 4.14–4.16, API-CONTRACT §5): links per state, versions, MTA, data change,
// termination, renewal, expiry and the instalments view reconciled with the journal.

const BASE = '/api/v1/ledger';
const POLICIES = `${BASE}/policies`;
let broker: string;
/** The first policy: read in every way, and finally expired by the cron. */
let firstPolicyId: string;
/** The issued renewal of the annual travel policy: terminated flat at the end. */
let renewedTermId: string;

const links = (id: string, query = '', headers: Record<string, string> = {}) =>
  call(`${POLICIES}/${id}/links${query}`, { token: broker, headers });
const view = (id: string, query = '') => call(`${BASE}/customers/policies/${id}/custom-view/installments${query}`, { token: broker });
const cents = (value: number) => Math.round(value * 100);
/**
 * Local midnight in London, worked by hand for the first of a month (the home example's term):
 * 1 April to 1 October fall in British summer time (UTC+1), so cover starts at 23:00 UTC the day
 * before; the other months are on GMT.
 */
const londonMidnight = (day: string) => {
  const month = Number(day.slice(5, 7));
  expect(day.slice(8)).toBe('01');
  return month >= 4 && month <= 10 ? new Date(Date.parse(`${day}T00:00:00Z`) - 3_600_000).toISOString() : `${day}T00:00:00.000Z`;
};

async function inceptionOf(id: string): Promise<string> {
  return (await links(id, '?forceCoverageDateFormat=true')).body.data.policy.dateInception as string;
}

/** Every journal entry of the policy balances, and the receivable equals the open instalments. */
async function assertLedgerReconciles(policyId: string): Promise<{ receivable: number; open: number }> {
  return withDatabase(async (client) => {
    const unbalanced = await client.query(
      `SELECT e.id FROM "JournalEntry" e JOIN "JournalLine" l ON l."entryId" = e.id WHERE e."policyId" = $1
       GROUP BY e.id HAVING SUM(l.debit) <> SUM(l.credit)`,
      [policyId],
    );
    expect(unbalanced.rows).toEqual([]);
    const receivable = await client.query<{ balance: string }>(
      `SELECT COALESCE(SUM(l.debit - l.credit), 0)::text AS balance FROM "JournalLine" l JOIN "JournalEntry" e ON e.id = l."entryId"
       WHERE e."policyId" = $1 AND l.account = 'policyholder-receivable'`,
      [policyId],
    );
    const open = await client.query<{ total: string }>(
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM "Instalment" WHERE "policyId" = $1 AND status = 'open'`,
      [policyId],
    );
    const result = { receivable: Number(receivable.rows[0]!.balance), open: Number(open.rows[0]!.total) };
    expect(result.receivable).toBeCloseTo(result.open, 2);
    return result;
  });
}

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('policy data and links (4.14)', () => {
  it('answers data, meta and the links of an active policy; versions, date format, labels, 404s', async () => {
    const { id, policyNumber } = await issuePolicy(broker, 'home');
    firstPolicyId = id;
    const read = await links(id);
    expect(read.status, read.text).toBe(200);
    expect(read.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(Object.keys(read.body.data).sort()).toEqual(['agent', 'customer', 'objects', 'policy']);
    expect(read.body.data.policy.id).toBe(id);
    expect(read.body.meta).toMatchObject({
      status: 'active',
      version: '1',
      schemaPath: 'policy/regular/home',
      policyNumber,
      statusLabel: 'Active',
    });
    // a one-year home policy starting next month is outside its renewal window
    expect(Object.keys(read.body.links).sort()).toEqual(['policy:data-change', 'policy:mta', 'policy:terminate']);
    expect(read.body.links['policy:mta']).toMatchObject({ href: `${POLICIES}/${id}/mta`, method: 'POST' });
    const plain = await links(id, '?forceCoverageDateFormat=true&version=1');
    expect(plain.body.data.policy.dateInception).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Cover starts and ends at local midnight in acme's zone, Europe/London.
    expect(read.body.data.policy.dateInception).toBe(londonMidnight(plain.body.data.policy.dateInception));
    expect(read.body.data.policy.dateExpiry).toBe(londonMidnight(plain.body.data.policy.dateExpiry));

    const german = await links(id, '', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.body.meta.statusLabel).toBe('Aktiv');
    expect(german.body.links['policy:terminate'].title).toBe('Vertrag kündigen');

    expect((await links(id, '?version=abc')).status).toBe(400);
    expect((await links(id, '?version=0')).status).toBe(400);
    expect((await links(id, '?version=2')).status).toBe(404);
    const globex = await call(`${POLICIES}/${id}/links`, { token: await tokenFor('globex-broker'), tenant: 'globex' });
    expect(globex.status).toBe(404);
    expect((await view(id)).status).toBe(200);
    expect(
      (
        await call(`${BASE}/customers/policies/${id}/custom-view/installments`, {
          token: await tokenFor('globex-broker'),
          tenant: 'globex',
        })
      ).status,
    ).toBe(404);
    const mtaAsGlobex = await call(`${POLICIES}/${id}/mta`, {
      token: await tokenFor('globex-broker'),
      tenant: 'globex',
      body: { effectiveDate: '2030-01-01', objects: [{ sumInsured: 50_000 }] },
    });
    expect(mtaAsGlobex.status).toBe(404);
  });
});

describe('mid-term adjustment, data change and the instalments view', () => {
  let id: string;
  let inception: string;
  beforeAll(async () => {
    ({ id } = await issuePolicy(broker, 'home'));
    inception = await inceptionOf(id);
  });

  it('a dry run prices pro-rata by days and changes nothing; applying adds a version, an invoice and re-spread instalments', async () => {
    const effectiveDate = addDaysIso(inception, 100);
    const before = await view(id);
    const body = { effectiveDate, objects: [{ sumInsured: 60_000 }] };
    const dry = await call(`${POLICIES}/${id}/mta?dryRun=true`, { token: broker, body });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.meta).toMatchObject({ dryRun: true, status: 'active', version: '1' });
    const { termDays, daysRemaining, previousTermNet, newTermNet, adjustment } = dry.body.data;
    expect(daysRemaining).toBe(termDays - 100);
    expect(dry.body.data.kind).toBe('additional-premium');
    expect(cents(adjustment.net)).toBe(Math.round(((cents(newTermNet) - cents(previousTermNet)) * daysRemaining) / termDays));
    expect(cents(adjustment.tax)).toBe(Math.round(cents(adjustment.net) * 0.12));
    expect(dry.body.data.invoiceNumber).toBeNull();
    expect((await links(id)).body.meta.version).toBe('1');
    expect((await view(id)).body).toEqual(before.body);

    const etag = (await links(id)).headers.get('etag')!;
    const stale = await call(`${POLICIES}/${id}/mta`, { token: broker, body, headers: { 'if-match': '"999"' } });
    expect(stale.status).toBe(409);
    const applied = await call(`${POLICIES}/${id}/mta`, {
      token: broker,
      body,
      headers: { 'if-match': etag, 'idempotency-key': `mta-${id}` },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.meta).toMatchObject({ dryRun: false, version: '2' });
    expect(applied.body.data.adjustment).toEqual(adjustment);
    expect(applied.body.data.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const replay = await call(`${POLICIES}/${id}/mta`, { token: broker, body, headers: { 'idempotency-key': `mta-${id}` } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.invoiceNumber).toBe(applied.body.data.invoiceNumber);

    const latest = await links(id);
    expect(latest.body.meta).toMatchObject({ version: '2', versionKind: 'mta' });
    expect(latest.body.data.objects[0].sumInsured).toBe(60_000);
    expect((await links(id, '?version=1')).body.data.objects[0].sumInsured).toBe(40_000);
    expect(latest.body.meta.versions.map((v: any) => v.kind)).toEqual(['issue', 'mta']);

    const after = await view(id);
    expect(after.body.data.invoices.map((invoice: any) => invoice.kind)).toEqual(['premium', 'adjustment']);
    expect(after.body.data.invoices[1].payable).toBe(adjustment.payable);
    expect(after.body.data.instalments.some((instalment: any) => instalment.status === 'cancelled')).toBe(true);
    expect(cents(after.body.data.totals.open)).toBe(cents(after.body.data.totals.payable));
    expect(cents(after.body.data.totals.payable)).toBe(cents(before.body.data.totals.payable) + cents(adjustment.payable));
    await assertLedgerReconciles(id);
  });

  it('an adjustment back down by the same change returns the same amount: net zero', async () => {
    const before = await view(id);
    const down = await call(`${POLICIES}/${id}/mta`, {
      token: broker,
      body: { effectiveDate: addDaysIso(inception, 100), objects: [{ sumInsured: 40_000 }] },
    });
    expect(down.status, down.text).toBe(200);
    expect(down.body.data.kind).toBe('return-premium');
    const after = await view(id);
    const [, up, back] = after.body.data.invoices;
    expect(back.kind).toBe('credit-note');
    for (const key of ['premium', 'tax', 'brokerCommission', 'mgaCommission', 'insurerNet', 'payable']) {
      expect(Math.abs(cents(up[key]) + cents(back[key])), key).toBeLessThanOrEqual(1);
    }
    expect(cents(after.body.data.totals.payable)).toBe(cents(before.body.data.totals.payable) - cents(up.payable));
    await assertLedgerReconciles(id);
  });

  it('a data change takes only fields without x-rating: a version, no money; a rating field is 422 by pointer', async () => {
    const invoicesBefore = (await view(id)).body.data.invoices.length;
    const rating = await call(`${POLICIES}/${id}/data-change`, { token: broker, body: { objects: [{ sumInsured: 45_000 }] } });
    expect(rating.status).toBe(422);
    expect(rating.body.errors).toEqual([expect.objectContaining({ path: '/objects/0/sumInsured' })]);
    const changed = await call(`${POLICIES}/${id}/data-change`, { token: broker, body: { customer: { phone: '+44 113 496 0999' } } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.meta).toMatchObject({ version: '4', versionKind: 'data-change' });
    expect(changed.body.data.customer.phone).toBe('+44 113 496 0999');
    expect((await view(id)).body.data.invoices.length).toBe(invoicesBefore);
  });

  it('the instalments view: variants by code, labels and formats by documentCountry, totals from the journal', async () => {
    const standard = await view(id);
    expect(standard.body.data).toMatchObject({ code: 'default', documentCountry: 'GB', currency: 'GBP' });
    expect(standard.body.data.labels.tax).toBe('Insurance Premium Tax');
    const sum = (key: string) => standard.body.data.invoices.reduce((total: number, invoice: any) => total + cents(invoice[key]), 0);
    for (const key of ['premium', 'tax', 'adminFee', 'brokerCommission', 'mgaCommission', 'payable']) {
      expect(cents(standard.body.data.totals[key]), key).toBe(sum(key));
    }
    const { receivable, open } = await assertLedgerReconciles(id);
    expect(cents(standard.body.data.totals.payable)).toBe(cents(receivable));
    expect(cents(standard.body.data.totals.open)).toBe(cents(open));

    const customer = await view(id, '?code=customer&documentCountry=DE');
    // UK IPT is named by its jurisdiction, not by the document country.
    expect(customer.body.data.labels.tax).toBe('Insurance Premium Tax');
    expect(customer.body.data.invoices[0]).not.toHaveProperty('brokerCommission');
    expect(customer.body.data.instalments.every((instalment: any) => instalment.status !== 'cancelled')).toBe(true);
    expect(customer.body.data.totals.formatted.payable).toMatch(/^[\d.]+,\d{2}\s£$/);
    expect(customer.body.data.totals.payable).toBe(standard.body.data.totals.payable);
    expect((await view(id, '?documentCountry=XX')).status).toBe(400);
    expect((await view(id, '?code=nope')).status).toBe(400);
  });
});

describe('termination', () => {
  it('in cooling-off no short-rate penalty; after it the table applies; applying credits against the schedule; a future date is pending', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const inception = await inceptionOf(id);
    const before = await view(id);
    const terminate = (query: string, body: Record<string, unknown>) =>
      call(`${POLICIES}/${id}/terminate${query}`, { token: broker, body });

    const cooling = await terminate('?dryRun=true', {
      effectiveDate: addDaysIso(inception, 5),
      reason: 'customer-request',
      terminationType: 'short-rate',
    });
    expect(cooling.status, cooling.text).toBe(200);
    expect(cooling.body.data).toMatchObject({ coolingOff: true, appliedType: 'pro-rata', keepPercent: null, creditNoteNumber: null });
    const { termDays, daysRemaining, charged, returnPremium } = cooling.body.data;
    expect(cents(returnPremium.net)).toBe(Math.round((cents(charged.net) * daysRemaining) / termDays));
    expect(cooling.body.data.feesKept).toBe(charged.fees);

    const late = await terminate('?dryRun=true', {
      effectiveDate: addDaysIso(inception, 20),
      reason: 'moved-abroad',
      terminationType: 'short-rate',
    });
    expect(late.body.data).toMatchObject({ coolingOff: false, appliedType: 'short-rate', keepPercent: 20 });
    expect(cents(late.body.data.returnPremium.net)).toBe(cents(charged.net) - Math.round(cents(charged.net) * 0.2));
    expect((await links(id)).body.meta.status).toBe('active');
    expect((await view(id)).body).toEqual(before.body);

    const applied = await terminate('', {
      effectiveDate: addDaysIso(inception, 20),
      reason: 'moved-abroad',
      terminationType: 'short-rate',
    });
    expect(applied.status, applied.text).toBe(200);
    // Dated after today: the policy stays in force until then (DOMAIN.md §5).
    expect(applied.body.meta).toMatchObject({ dryRun: false, status: 'pending-termination', version: '2' });
    expect(applied.body.data.returnPremium).toEqual(late.body.data.returnPremium);
    expect(applied.body.data.creditNoteNumber).toMatch(/^INV-/);

    const read = await links(id, '?forceCoverageDateFormat=true');
    expect(read.body.meta).toMatchObject({
      status: 'pending-termination',
      statusLabel: 'Termination pending',
      terminatedAt: addDaysIso(inception, 20),
      pendingTermination: { effectiveDate: addDaysIso(inception, 20), reason: 'moved-abroad', terminationType: 'short-rate' },
    });
    expect(Object.keys(read.body.links).sort()).toEqual(['policy:data-change', 'policy:mta', 'policy:withdraw-termination']);
    const after = await view(id);
    const creditNote = after.body.data.invoices.find((invoice: any) => invoice.kind === 'credit-note');
    expect(creditNote.payable).toBe(-applied.body.data.returnPremium.payable);
    // The instalment due at inception, before the effective date, stays as it was.
    const first = before.body.data.instalments[0];
    const open = after.body.data.instalments.filter((instalment: any) => instalment.status === 'open');
    expect(open[0]).toMatchObject({ dueDate: first.dueDate, payable: first.payable, invoiceNumber: first.invoiceNumber });
    const owed = open.reduce((sum: number, instalment: any) => sum + cents(instalment.payable), 0);
    expect(owed).toBe(cents(before.body.data.totals.payable) - cents(applied.body.data.returnPremium.payable));
    await assertLedgerReconciles(id);

    // On or after the termination date no change is possible; a second termination is 409.
    const lateChange = await call(`${POLICIES}/${id}/mta`, {
      token: broker,
      body: { effectiveDate: addDaysIso(inception, 30), objects: [{ sumInsured: 50_000 }] },
    });
    expect(lateChange.status, lateChange.text).toBe(422);
    expect((await terminate('', { effectiveDate: addDaysIso(inception, 30), reason: 'customer-request' })).status).toBe(409);
    expect((await call(`${POLICIES}/${id}/renewal`, { token: broker })).status).toBe(409);
  });
});

describe('renewal (4.16) and expiry', () => {
  it('a single trip never renews: no renew link, 409 with the reason, even inside the window', async () => {
    // The travel example is a 14-day trip starting in 30 days: it expires within the 60-day window.
    const { id } = await issuePolicy(broker, 'travel');
    const read = await links(id);
    expect(read.body.links['policy:renew']).toBeUndefined();
    expect(read.body.links['policy:mta']).toBeDefined();
    expect(read.body.meta.renewal).toMatchObject({
      eligible: false,
      reason: 'not-renewable',
      detail: 'A single-trip policy does not renew',
      quoteId: null,
    });
    const refused = await call(`${POLICIES}/${id}/renewal`, { token: broker });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ detail: 'A single-trip policy does not renew', currentState: 'active' });
    expect(refused.body.allowedActions).not.toContain('renew');
  });

  it('inside the window: exactly one of two concurrent renewals; the issued renewal becomes the next term', async () => {
    // An annual multi-trip policy whose year ends in 30 days: inside the 60-day renewal window.
    const { id } = await issuePolicy(broker, 'travel', annualTrip);
    const outside = await links(id);
    expect(outside.body.links['policy:renew']).toBeUndefined();
    expect(outside.body.meta.renewal).toMatchObject({ eligible: false, reason: 'window-not-open' });
    const term = await withDatabase((client) => moveIntoRenewalWindow(client, id));
    const read = await links(id, '?forceCoverageDateFormat=true');
    expect(read.body.data.policy.tripType).toBe('annual');
    expect(read.body.links['policy:renew']).toEqual({ href: `${POLICIES}/${id}/renewal`, method: 'GET', title: 'Renew the policy' });
    const answers = await Promise.all([
      call(`${POLICIES}/${id}/renewal`, { token: broker }),
      call(`${POLICIES}/${id}/renewal`, { token: broker }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const renewalId = answers.find((answer) => answer.status === 200)!.body.policy.id as string;
    const during = await links(id);
    expect(during.body.links['policy:renew']).toBeUndefined();
    expect(during.body.meta.renewal).toMatchObject({ eligible: false, reason: 'renewal-in-progress', quoteId: renewalId });

    await waitUntilReady(broker, renewalId);
    const quote = await call(`${BASE}/sales/policies/${renewalId}`, { token: broker });
    expect(quote.body[0].data.policy).toMatchObject({
      tripType: 'annual',
      dateInception: term.expiry,
      dateExpiry: addYearsIso(term.expiry, 1),
    });
    expect(quote.body[1].meta.renewalOf).toBe(id);
    expect((await call(`${BASE}/sales/policies/${renewalId}/calculate`, { token: broker, body: {} })).status).toBe(200);
    expect((await call(`${BASE}/sales/policies/${renewalId}/bind`, { token: broker, body: {} })).status).toBe(200);
    const issued = await call(`${BASE}/sales/policies/${renewalId}/issue`, { token: broker, body: {} });
    const request = await call(`${BASE}/requests/${issued.body.requestId}?longPolling=true`, { token: broker });
    expect(request.body.status, JSON.stringify(request.body)).toBe('success');

    const old = await links(id);
    expect(old.body.meta).toMatchObject({ status: 'active', renewedBy: renewalId });
    expect(old.body.links['policy:renew']).toBeUndefined();
    expect((await call(`${POLICIES}/${id}/renewal`, { token: broker })).status).toBe(409);
    expect((await links(renewalId)).body.meta).toMatchObject({ status: 'active', renewalOf: id, version: '1' });
    renewedTermId = renewalId;
  });

  it('flat termination of the renewed term returns everything from inception; the receivable goes to zero', async () => {
    const id = renewedTermId;
    const applied = await call(`${POLICIES}/${id}/terminate`, {
      token: broker,
      body: { reason: 'issued-in-error', terminationType: 'flat' },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data.returnPremium).toEqual(applied.body.data.charged);
    expect(applied.body.data.balanceDue).toBe(0);
    expect(await assertLedgerReconciles(id)).toEqual({ receivable: 0, open: 0 });
  });

  it('outside the window 409; the expiry cron expires active policies past expiry and they can no longer renew', async () => {
    const id = firstPolicyId;
    expect((await call(`${POLICIES}/${id}/renewal`, { token: broker })).status).toBe(409);
    await withDatabase(async (client) => {
      await client.query(`UPDATE "Policy" SET "dateInception" = current_date - 400, "dateExpiry" = current_date - 35 WHERE id = $1`, [id]);
      // Force the cron's task now rather than waiting for its slot; the worker runs it like any job.
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('expire-policies', '{}'::jsonb)`);
    });
    let status = 'active';
    for (let attempt = 0; attempt < 50 && status === 'active'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await links(id)).body.meta.status;
    }
    expect(status).toBe('expired');
    expect((await links(id)).body.links).toEqual({});
    expect((await call(`${POLICIES}/${id}/renewal`, { token: broker })).status).toBe(409);
    const events = await call(`${BASE}/sales/policies/${id}?withNotifications=true`, { token: broker });
    expect(events.body[1].notifications.map((n: any) => n.type)).toContain('policy.expired');
  });
});
