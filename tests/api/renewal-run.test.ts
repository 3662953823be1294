import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addYearsIso } from '../support/dates';
import { withDatabase } from '../support/db';
import { issuePolicy, waitUntilReady } from '../support/lifecycle';
import { annualTrip, moveIntoRenewalWindow } from '../support/renewal-window';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads of any product */

// The renewal run (issue 16): the daily job invites each policy entering its renewal window with
// one renewal quote, re-rated for the new term, however often it runs; a single trip is skipped;
// brokers find the quotes with `renewal=due`; an outbound event says a renewal was created.

const BASE = '/api/v1/ledger';
const POLICIES = `${BASE}/policies`;
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

/** Queues the run as the worker's cron would, and waits until the worker has finished it. */
async function runRenewalJob(): Promise<void> {
  await withDatabase((client) => client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('renewal-run', '{}'::jsonb)`));
  await waitForNoRenewalJobs();
}

async function waitForNoRenewalJobs(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const left = await withDatabase(
      async (client) =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Job" WHERE task = 'renewal-run' AND "failedAt" IS NULL`))
          .rows[0]!.n,
    );
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the renewal run did not finish');
}

async function renewalQuotesOf(policyId: string): Promise<{ id: string; createdBy: string }[]> {
  return withDatabase(
    async (client) =>
      (await client.query<{ id: string; createdBy: string }>(`SELECT id, "createdBy" FROM "Policy" WHERE "renewalOfId" = $1`, [policyId]))
        .rows,
  );
}

async function invitationOf(policyId: string): Promise<{ outcome: string; quoteId: string | null } | undefined> {
  return withDatabase(
    async (client) =>
      (await client.query(`SELECT outcome, "quoteId" FROM "RenewalInvitation" WHERE "policyId" = $1`, [policyId])).rows[0] as
        { outcome: string; quoteId: string | null } | undefined,
  );
}

describe('the renewal run', () => {
  it('creates one renewal quote per policy in its window however often it runs, and skips a single trip', async () => {
    const annual = await issuePolicy(broker, 'travel', annualTrip);
    const home = await issuePolicy(broker, 'home');
    // The travel example: a 14-day trip from 30 days on, so inside the 60-day window by its dates.
    const single = await issuePolicy(broker, 'travel');
    // A one-year home policy starting next month: its window opens in about ten months.
    const later = await issuePolicy(broker, 'home');
    const annualTerm = await withDatabase((client) => moveIntoRenewalWindow(client, annual.id));
    const homeTerm = await withDatabase((client) => moveIntoRenewalWindow(client, home.id, 10));

    // Two runs queued at once (two workers may take them together), then a third after them.
    await withDatabase((client) =>
      client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('renewal-run', '{}'::jsonb), ('renewal-run', '{}'::jsonb)`),
    );
    await waitForNoRenewalJobs();
    await runRenewalJob();

    for (const policy of [annual, home]) {
      const quotes = await renewalQuotesOf(policy.id);
      expect(quotes).toHaveLength(1);
      expect(quotes[0]!.createdBy).toBe('system:renewal-run');
      expect(await invitationOf(policy.id)).toEqual({ outcome: 'quoted', quoteId: quotes[0]!.id });
      const read = await call(`${POLICIES}/${policy.id}/links`, { token: broker });
      expect(read.body.meta.renewal).toMatchObject({ eligible: false, reason: 'renewal-in-progress', quoteId: quotes[0]!.id });
      expect(read.body.links['policy:renew']).toBeUndefined();
    }
    expect(await renewalQuotesOf(single.id)).toEqual([]);
    expect(await invitationOf(single.id)).toEqual({ outcome: 'not-renewable', quoteId: null });
    expect(await renewalQuotesOf(later.id)).toEqual([]);
    expect(await invitationOf(later.id)).toBeUndefined();

    // Re-rated for the new term: the next year, from the old expiry, rated afresh and ready to bind.
    const [annualQuote] = await renewalQuotesOf(annual.id);
    await waitUntilReady(broker, annualQuote!.id);
    const quote = await call(`${BASE}/sales/policies/${annualQuote!.id}`, { token: broker });
    expect(quote.body[0].data.policy).toMatchObject({
      tripType: 'annual',
      dateInception: annualTerm.expiry,
      dateExpiry: addYearsIso(annualTerm.expiry, 1),
    });
    expect(quote.body[1].meta.renewalOf).toBe(annual.id);
    const calculated = await call(`${BASE}/sales/policies/${annualQuote!.id}/calculate`, { token: broker, body: {} });
    expect(calculated.status, calculated.text).toBe(200);
    const [homeQuote] = await renewalQuotesOf(home.id);
    await waitUntilReady(broker, homeQuote!.id);
    const homeRenewal = await call(`${BASE}/sales/policies/${homeQuote!.id}`, { token: broker });
    expect(homeRenewal.body[0].data.policy).toMatchObject({ dateInception: homeTerm.expiry, dateExpiry: addYearsIso(homeTerm.expiry, 1) });

    // The event on the policy, and the outbound event integrators subscribe to.
    const notified = await call(`${BASE}/sales/policies/${annual.id}?withNotifications=true`, { token: broker });
    expect(notified.body[1].notifications.filter((n: any) => n.type === 'policy.renewal-quoted')).toHaveLength(1);
    const outbound = await withDatabase(
      async (client) =>
        (
          await client.query(`SELECT payload FROM "OutboundEvent" WHERE type = 'policy.renewal-created' AND payload->'data'->>'id' = $1`, [
            annual.id,
          ])
        ).rows,
    );
    expect(outbound).toHaveLength(1);
    expect(outbound[0].payload.data).toMatchObject({ id: annual.id, renewalQuoteId: annualQuote!.id });

    // A broker's manual renewal now finds the run's quote in progress.
    const manual = await call(`${POLICIES}/${annual.id}/renewal`, { token: broker });
    expect(manual.status, manual.text).toBe(409);
    expect(manual.body.detail).toContain(annualQuote!.id);

    // A renewal never issued does not hold the policy open: at expiry it expires as any other.
    await withDatabase(async (client) => {
      await moveIntoRenewalWindow(client, home.id, -1);
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('expire-policies', '{}'::jsonb)`);
    });
    let status = 'active';
    for (let attempt = 0; attempt < 50 && status === 'active'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await call(`${POLICIES}/${home.id}/links`, { token: broker })).body.meta.status;
    }
    expect(status).toBe('expired');
    expect((await call(`${BASE}/sales/policies/${homeQuote!.id}`, { token: broker })).body[1].meta.renewalOf).toBe(home.id);
  });

  it('lists the renewal quotes still to be worked with renewal=due', async () => {
    const policy = await issuePolicy(broker, 'travel', annualTrip);
    await withDatabase((client) => moveIntoRenewalWindow(client, policy.id));
    await runRenewalJob();
    const [renewal] = await renewalQuotesOf(policy.id);
    expect(renewal).toBeDefined();
    const due: any[] = [];
    for (let page = 1; page <= 20; page++) {
      const listed = await call(`${BASE}/sales/policies?renewal=due&pageSize=100&page=${page}`, { token: broker });
      expect(listed.status, listed.text).toBe(200);
      due.push(...listed.body.data);
      if (listed.body.data.length < 100) break;
    }
    expect(due.map((row) => row.id)).toContain(renewal!.id);
    expect(due.find((row) => row.id === renewal!.id)).toMatchObject({ renewalOf: policy.id, policyNumber: null });
    // Only renewal quotes, none of them issued, declined or rejected; the policy itself is not one.
    expect(due.every((row) => row.renewalOf !== null && !['issued', 'declined', 'referral-rejected'].includes(row.status))).toBe(true);
    expect(due.map((row) => row.id)).not.toContain(policy.id);

    // Once declined by the customer it is no longer due, and the run does not invite the policy again.
    await waitUntilReady(broker, renewal!.id);
    const declined = await call(`${BASE}/sales/policies/${renewal!.id}/decline`, {
      token: broker,
      body: [{ reason: 'price-too-high' }, { declinedAt: new Date().toISOString().slice(0, 10) }],
    });
    expect(declined.status, declined.text).toBe(204);
    await runRenewalJob();
    expect(await renewalQuotesOf(policy.id)).toHaveLength(1);
    const listedAgain = await call(`${BASE}/sales/policies?renewal=due&pageSize=100`, { token: broker });
    expect(listedAgain.body.data.map((row: any) => row.id)).not.toContain(renewal!.id);
    expect((await call(`${BASE}/sales/policies?renewal=soon`, { token: broker })).status).toBe(400);
  });
});
