import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, daysBetween, todayIn } from '../support/dates';
import { issuePolicy } from '../support/lifecycle';
import { brokenMoneyInvariants, moneyLedgerOf } from '../support/money-ledger';

// The money of an issued policy under change (issue 9): MTA and termination at the term's start,
// middle and last day, and random sequences of MTAs, data changes, payments, reversals, refunds,
// (pending) terminations and their withdrawals, after each of which every journal entry balances,
// the receivable equals what the live instalments still ask for to the cent, what payments put on
// instalments equals what the instalments were paid, cash equals payments less reversals and
// refunds (issue 14), and periodPremium equals what the schedule charges (issue 20).

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

describe('MTA and termination at the start, the middle and the last day of the term', () => {
  it('prices by the days that remain: all of them at inception, half in the middle, one on the last day', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const { inception, expiry } = await termOf(id);
    const termDays = daysBetween(inception, expiry);
    const middle = Math.floor(termDays / 2);
    for (const [offset, remaining] of [
      [0, termDays],
      [middle, termDays - middle],
      [termDays - 1, 1],
    ] as const) {
      const effectiveDate = addDaysIso(inception, offset);
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
        body: { effectiveDate, reason: 'property-sold', terminationType: 'pro-rata' },
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
  | { kind: 'payment'; cents: number }
  | { kind: 'reversal'; pick: number }
  | { kind: 'refund' }
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
  // Payments from a cent to more than the whole payable (an overpayment).
  fc.record({ kind: fc.constant('payment' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const) }),
  // Dated from 60 days before the latest MTA (out of sequence) to 90 days after it.
  fc.record({
    kind: fc.constant('terminate' as const),
    days: fc.integer({ min: -60, max: 90 }),
    type: fc.constantFrom('pro-rata' as const, 'short-rate' as const, 'flat' as const),
  }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
);

describe('journal invariants after random sequences of policy changes and payments', () => {
  it('every money invariant holds and periodPremium equals what the schedule charges, after every step', async () => {
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
        const payments: string[] = [];
        const today = todayIn('UTC');
        for (const change of steps) {
          if (change.kind === 'mta') {
            const next = shiftedSumInsured(sumInsured, change.shift);
            expect(next).not.toBe(sumInsured);
            const result = await call(`${POLICIES}/${id}/mta`, {
              token: broker,
              body: { effectiveDate: addDaysIso(inception, day + change.days), objects: [{ sumInsured: next }] },
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
          } else if (change.kind === 'payment') {
            const result = await call(`${POLICIES}/${id}/payments`, {
              token: broker,
              body: { amount: change.cents / 100, currency: 'GBP', receivedOn: today, method: 'card' },
            });
            expect(result.status, result.text).toBe(201);
            payments.push(result.body.data.id);
          } else if (change.kind === 'reversal') {
            if (payments.length === 0) continue;
            const [paymentId] = payments.splice(change.pick % payments.length, 1);
            const result = await call(`${POLICIES}/${id}/payments/${paymentId}/reverse`, { token: broker, body: { reason: 'returned' } });
            // A payment whose money has already been refunded cannot be taken back whole.
            expect([201, 409], result.text).toContain(result.status);
          } else if (change.kind === 'refund') {
            const { credit } = (await call(`${POLICIES}/${id}/payments`, { token: broker })).body.meta.balance;
            if (credit === 0) continue;
            const result = await call(`${POLICIES}/${id}/refunds`, {
              token: broker,
              body: { amount: credit, currency: 'GBP', paidOn: today, method: 'bank-transfer' },
            });
            expect(result.status, result.text).toBe(201);
            expect(result.body.meta.balance.credit).toBe(0);
          } else if (change.kind === 'terminate') {
            const effectiveDay = change.type === 'flat' ? 0 : Math.max(0, day + change.days);
            const result = await call(`${POLICIES}/${id}/terminate`, {
              token: broker,
              // Flat cancels from inception, so it takes no effective date.
              body: {
                ...(change.type === 'flat' ? {} : { effectiveDate: addDaysIso(inception, effectiveDay) }),
                reason: 'customer-request',
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
          const ledger = await moneyLedgerOf(id);
          expect(brokenMoneyInvariants(ledger)).toEqual([]);
          const { meta } = (await call(`${POLICIES}/${id}/links`, { token: broker })).body;
          expect(cents(meta.periodPremium)).toBe(ledger.chargedCents);
          expect(meta.status).toBe(pendingDay === null ? 'active' : 'pending-termination');
        }
      }),
      { numRuns: Number(process.env.LEDGER_SEQUENCE_RUNS ?? 6) },
    );
    console.log(`policy sequences: ${sequences} sequences, ${operations} operations, ledger checked after each`);
  });
});
