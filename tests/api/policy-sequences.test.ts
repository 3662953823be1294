import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '@/lib/rating/dates';
import { call, tokenFor } from '../support/api';
import { issuePolicy } from '../support/lifecycle';
import { brokenMoneyInvariants, moneyLedgerOf } from '../support/money-ledger';

// The money of an issued policy under change (issue 9): MTA and termination at the term's start,
// middle and last day, and random sequences of MTAs, data changes, payments, reversals and a final
// termination (then refunds) after which every journal entry balances, the receivable equals what
// the live instalments still ask for to the cent, what payments put on instalments equals what
// the instalments were paid, and cash equals payments less reversals and refunds (issue 14).

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
  | { kind: 'payment'; cents: number }
  | { kind: 'reversal'; pick: number };

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
);
const ending = fc.record({
  days: fc.integer({ min: 0, max: 90 }),
  type: fc.constantFrom('pro-rata' as const, 'short-rate' as const, 'flat' as const),
});

describe('journal invariants after random sequences of policy changes and payments', () => {
  it('every money invariant holds after every step, after termination and after the refund', async () => {
    let sequences = 0;
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 6 }), ending, async (steps, end) => {
        sequences++;
        const { id } = await issuePolicy(broker, 'home');
        const { inception } = await termOf(id);
        let day = 1;
        let sumInsured = (await call(`${POLICIES}/${id}/links`, { token: broker })).body.data.objects[0].sumInsured as number;
        const payments: string[] = [];
        const today = todayUtc();
        for (const change of steps) {
          if (change.kind === 'mta') {
            day += change.days;
            const next = shiftedSumInsured(sumInsured, change.shift);
            expect(next).not.toBe(sumInsured);
            const result = await call(`${POLICIES}/${id}/mta`, {
              token: broker,
              body: { effectiveDate: addDays(inception, day), objects: [{ sumInsured: next }] },
            });
            expect(result.status, result.text).toBe(200);
            sumInsured = next;
          } else if (change.kind === 'data-change') {
            const result = await call(`${POLICIES}/${id}/data-change`, { token: broker, body: { customer: { phone: change.phone } } });
            expect(result.status, result.text).toBe(200);
          } else if (change.kind === 'payment') {
            const result = await call(`${POLICIES}/${id}/payments`, {
              token: broker,
              body: { amount: change.cents / 100, currency: 'GBP', receivedOn: today, method: 'card' },
            });
            expect(result.status, result.text).toBe(201);
            payments.push(result.body.data.id);
          } else if (payments.length > 0) {
            const [paymentId] = payments.splice(change.pick % payments.length, 1);
            const result = await call(`${POLICIES}/${id}/payments/${paymentId}/reverse`, { token: broker, body: { reason: 'returned' } });
            expect(result.status, result.text).toBe(201);
          }
          operations++;
          expect(brokenMoneyInvariants(await moneyLedgerOf(id))).toEqual([]);
        }
        const terminated = await call(`${POLICIES}/${id}/terminate`, {
          token: broker,
          // Flat cancels from inception, so it takes no effective date.
          body: {
            ...(end.type === 'flat' ? {} : { effectiveDate: addDays(inception, day + end.days) }),
            reason: 'no longer needed',
            terminationType: end.type,
          },
        });
        expect(terminated.status, terminated.text).toBe(200);
        operations++;
        expect(brokenMoneyInvariants(await moneyLedgerOf(id))).toEqual([]);
        expect((await call(`${POLICIES}/${id}/links`, { token: broker })).body.meta.status).toBe('terminated');
        // What is owed back after the termination is paid out; nothing is left to refund.
        const balance = (await call(`${POLICIES}/${id}/payments`, { token: broker })).body.meta.balance;
        if (balance.refundDue > 0) {
          const refund = await call(`${POLICIES}/${id}/refunds`, {
            token: broker,
            body: { amount: balance.refundDue, currency: 'GBP', paidOn: today, method: 'bank-transfer' },
          });
          expect(refund.status, refund.text).toBe(201);
          expect(refund.body.meta.balance).toMatchObject({ credit: 0, refundDue: 0 });
          operations++;
          expect(brokenMoneyInvariants(await moneyLedgerOf(id))).toEqual([]);
        }
      }),
      { numRuns: Number(process.env.LEDGER_SEQUENCE_RUNS ?? 6) },
    );
    console.log(`policy sequences: ${sequences} sequences, ${operations} operations, ledger checked after each`);
  });
});
