import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@/lib/rating/dates';
import { call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { issuePolicy } from '../support/lifecycle';

// The money of an issued policy under change (issue 9): MTA and termination at the term's start,
// middle and last day, and random sequences of MTAs, data changes and a final termination after
// which every journal entry balances, the receivable equals the open instalments to the cent,
// and no cent is lost between what was invoiced and what is still owed.

const POLICIES = '/api/v1/ledger/policies';
const cents = (value: number) => Math.round(value * 100);
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

async function termOf(id: string): Promise<{ inception: string; expiry: string }> {
  const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
  expect(read.status, read.text).toBe(200);
  return { inception: read.body.data.policy.dateInception, expiry: read.body.data.policy.dateExpiry };
}

async function ledgerOf(policyId: string) {
  return withDatabase(async (client) => {
    const unbalanced = await client.query(
      `SELECT e.id FROM "JournalEntry" e JOIN "JournalLine" l ON l."entryId" = e.id WHERE e."policyId" = $1
       GROUP BY e.id HAVING SUM(l.debit) <> SUM(l.credit)`,
      [policyId],
    );
    const receivable = await client.query<{ cents: string }>(
      `SELECT (COALESCE(SUM(l.debit - l.credit), 0) * 100)::bigint::text AS cents FROM "JournalLine" l
       JOIN "JournalEntry" e ON e.id = l."entryId" WHERE e."policyId" = $1 AND l.account = 'policyholder-receivable'`,
      [policyId],
    );
    const open = await client.query<{ cents: string }>(
      `SELECT (COALESCE(SUM(amount), 0) * 100)::bigint::text AS cents FROM "Instalment" WHERE "policyId" = $1 AND status = 'open'`,
      [policyId],
    );
    return {
      unbalanced: unbalanced.rows.length,
      receivableCents: Number(receivable.rows[0]!.cents),
      openCents: Number(open.rows[0]!.cents),
    };
  });
}

describe('MTA and termination at the start, the middle and the last day of the term', () => {
  it('prices by the days that remain: all of them at inception, half in the middle, one on the last day', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const { inception, expiry } = await termOf(id);
    const termDays = Math.round((Date.parse(expiry) - Date.parse(inception)) / 86_400_000);
    const middle = Math.floor(termDays / 2);
    for (const [offset, remaining] of [
      [0, termDays],
      [middle, termDays - middle],
      [termDays - 1, 1],
    ] as const) {
      const effectiveDate = addDays(inception, offset);
      const mta = await call(`${POLICIES}/${id}/mta?dryRun=true`, {
        token: broker,
        body: { effectiveDate, objects: [{ sumInsured: 60_000 }] },
      });
      expect(mta.status, `MTA on day ${offset}: ${mta.text}`).toBe(200);
      expect(mta.body.data.daysRemaining).toBe(remaining);
      const { newTermNet, previousTermNet, adjustment } = mta.body.data;
      expect(cents(adjustment.net)).toBe(Math.round(((cents(newTermNet) - cents(previousTermNet)) * remaining) / termDays));

      const ended = await call(`${POLICIES}/${id}/terminate?dryRun=true`, {
        token: broker,
        body: { effectiveDate, reason: 'sold the house', terminationType: 'pro-rata' },
      });
      expect(ended.status, `termination on day ${offset}: ${ended.text}`).toBe(200);
      expect(ended.body.data.daysRemaining).toBe(remaining);
      expect(cents(ended.body.data.returnPremium.net)).toBe(Math.round((cents(ended.body.data.charged.net) * remaining) / termDays));
    }
    // An effective date outside the term is refused with a problem naming the field; dry runs stored nothing.
    const outside = await call(`${POLICIES}/${id}/mta?dryRun=true`, {
      token: broker,
      body: { effectiveDate: expiry, objects: [{ sumInsured: 60_000 }] },
    });
    expect(outside.status).toBe(422);
    expect((await call(`${POLICIES}/${id}/links`, { token: broker })).body.meta.version).toBe('1');
  });
});

// An MTA step moves the sum insured by 1 to 85 thousand within 10,000–95,000, wrapping round: it
// can never draw the current value, so every MTA is a real change the ledger must accept.
type Step =
  | { kind: 'mta'; days: number; shift: number }
  | { kind: 'data-change'; phone: string }
  | { kind: 'terminate'; days: number; type: 'pro-rata' | 'short-rate' | 'flat' }
  | { kind: 'withdraw' };

const SUM_INSURED_STEPS = 86; // 10,000 … 95,000 in thousands

function shiftedSumInsured(current: number, shift: number): number {
  return (((current / 1_000 - 10 + shift) % SUM_INSURED_STEPS) + 10) * 1_000;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('mta' as const),
    days: fc.integer({ min: 1, max: 40 }),
    shift: fc.integer({ min: 1, max: SUM_INSURED_STEPS - 1 }),
  }),
  fc.record({ kind: fc.constant('data-change' as const), phone: fc.integer({ min: 1_000, max: 9_999 }).map((n) => `+44 20 7946 ${n}`) }),
  // Dated from 60 days before the latest MTA (out of sequence) to 90 days after it.
  fc.record({
    kind: fc.constant('terminate' as const),
    days: fc.integer({ min: -60, max: 90 }),
    type: fc.constantFrom('pro-rata' as const, 'short-rate' as const, 'flat' as const),
  }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
);

describe('journal invariants after random sequences of policy changes', () => {
  it('periodPremium = the non-cancelled instalments = the receivable, after every MTA, data change, termination and withdrawal', async () => {
    let sequences = 0;
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 7 }), async (steps) => {
        sequences++;
        const { id } = await issuePolicy(broker, 'home');
        const { inception } = await termOf(id);
        let day = 1;
        /** The pending termination's day from inception (every termination here lies in the future). */
        let pendingDay: number | null = null;
        let sumInsured = (await call(`${POLICIES}/${id}/links`, { token: broker })).body.data.objects[0].sumInsured as number;
        for (const change of steps) {
          if (change.kind === 'mta') {
            const next = shiftedSumInsured(sumInsured, change.shift);
            expect(next).not.toBe(sumInsured);
            const result = await call(`${POLICIES}/${id}/mta`, {
              token: broker,
              body: { effectiveDate: addDays(inception, day + change.days), objects: [{ sumInsured: next }] },
            });
            // While a termination is pending an MTA must be dated before it.
            if (pendingDay !== null && day + change.days >= pendingDay) {
              expect(result.status, result.text).toBe(422);
            } else {
              expect(result.status, result.text).toBe(200);
              day += change.days;
              sumInsured = next;
            }
          } else if (change.kind === 'data-change') {
            const result = await call(`${POLICIES}/${id}/data-change`, { token: broker, body: { customer: { phone: change.phone } } });
            // Without a date it applies from inception (cover has not started), which a termination
            // pending from inception does not leave open.
            expect(result.status, result.text).toBe(pendingDay === 0 ? 422 : 200);
          } else if (change.kind === 'terminate') {
            const effectiveDay = change.type === 'flat' ? 0 : Math.max(0, day + change.days);
            const result = await call(`${POLICIES}/${id}/terminate`, {
              token: broker,
              // Flat cancels from inception, so it takes no effective date.
              body: {
                ...(change.type === 'flat' ? {} : { effectiveDate: addDays(inception, effectiveDay) }),
                reason: 'no longer needed',
                terminationType: change.type,
              },
            });
            if (pendingDay !== null) {
              expect(result.status, result.text).toBe(409);
            } else {
              expect(result.status, result.text).toBe(200);
              expect(result.body.meta.status).toBe('pending-termination');
              pendingDay = effectiveDay;
              // MTAs dated after it were voided (the data in force on its date is back); the next MTA
              // starts from the termination's date.
              day = Math.min(day, effectiveDay);
              sumInsured = (await call(`${POLICIES}/${id}/links`, { token: broker })).body.data.objects[0].sumInsured as number;
            }
          } else {
            const result = await call(`${POLICIES}/${id}/terminate/withdraw`, { token: broker, body: {} });
            expect(result.status, result.text).toBe(pendingDay === null ? 409 : 200);
            pendingDay = null;
          }
          operations++;
          const ledger = await ledgerOf(id);
          expect(ledger.unbalanced).toBe(0);
          expect(ledger.receivableCents).toBe(ledger.openCents);
          const { meta } = (await call(`${POLICIES}/${id}/links`, { token: broker })).body;
          expect(cents(meta.periodPremium)).toBe(ledger.openCents);
          expect(meta.status).toBe(pendingDay === null ? 'active' : 'pending-termination');
        }
      }),
      { numRuns: Number(process.env.LEDGER_SEQUENCE_RUNS ?? 6) },
    );
    console.log(`policy sequences: ${sequences} sequences, ${operations} operations, ledger checked after each`);
  });
});
