import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, todayIn } from '../support/dates';
import { issuePolicy } from '../support/lifecycle';
import { brokenMoneyInvariants, moneyLedgerOf } from '../support/money-ledger';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// Cancellation from inception (not taken up, issue 16): a termination effective on or before
// inception is flat, the whole premium and its tax come back, the fees as the product sets.
// Home (fees kept, DOMAIN.md worked example): net 188.31, tax 22.60, fees 25.00 + 6.33 surcharge
// = 31.33, payable 242.24 = 43.14 + 11 × 18.10. Pet returns its fees.

const POLICIES = '/api/v1/ledger/policies';
const VIEW = (id: string) => `/api/v1/ledger/customers/policies/${id}/custom-view/installments`;
const cents = (value: number) => Math.round(value * 100);
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

const terminate = (id: string, body: Record<string, unknown>, query = '') =>
  call(`${POLICIES}/${id}/terminate${query}`, { token: broker, body, headers: { 'idempotency-key': randomUUID() } });

async function view(id: string) {
  const read = await call(VIEW(id), { token: broker });
  expect(read.status, read.text).toBe(200);
  return read.body.data;
}

const live = (data: any) => data.instalments.filter((instalment: any) => instalment.status !== 'cancelled');

async function pay(id: string, amount: number, currency = 'GBP') {
  const paid = await call(`${POLICIES}/${id}/payments`, {
    token: broker,
    headers: { 'idempotency-key': randomUUID() },
    body: { amount, currency, receivedOn: todayIn('UTC'), method: 'bank-transfer' },
  });
  expect(paid.status, paid.text).toBe(201);
}

async function expectLedgerHolds(id: string) {
  const ledger = await moneyLedgerOf(id);
  expect(brokenMoneyInvariants(ledger)).toEqual([]);
  return ledger;
}

async function inceptionOf(id: string): Promise<string> {
  const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
  expect(read.status, read.text).toBe(200);
  return read.body.data.policy.dateInception as string;
}

describe('cancellation from inception (not taken up)', () => {
  it('home keeps its fees: 210.91 back, 31.33 kept; the paid first instalment leaves 11.81 owed back', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const inception = await inceptionOf(id);
    await pay(id, 43.14);
    await expectLedgerHolds(id);
    const body = {
      effectiveDate: addDaysIso(inception, -3),
      reason: 'customer-request',
      note: 'not taken up',
      terminationType: 'pro-rata',
    };

    const preview = await terminate(id, body, '?dryRun=true');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      effectiveDate: inception,
      terminationType: 'pro-rata',
      appliedType: 'flat',
      cancellationFromInception: true,
      coolingOff: false,
      daysOnCover: 0,
      // 188.31 + 22.60 = 210.91 back; the fees 31.33 kept.
      returnPremium: { net: 188.31, tax: 22.6, fees: 0, payable: 210.91 },
      feesKept: 31.33,
      creditNoteNumber: null,
    });
    expect(preview.body.meta.dryRun).toBe(true);
    expect(live(await view(id))).toHaveLength(12);

    const applied = await terminate(id, body);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data.returnPremium).toEqual(preview.body.data.returnPremium);
    expect(applied.body.data.creditNoteNumber).toEqual(expect.any(String));
    // Every open instalment (11 × 18.10 = 199.10) is taken; 210.91 − 199.10 = 11.81 is owed back,
    // which is what was paid less the fees kept: 43.14 − 31.33 = 11.81.
    expect(cents(applied.body.data.schedule.credit)).toBe(1181);
    expect(applied.body.data.schedule.steps).toHaveLength(11);
    const ledger = await expectLedgerHolds(id);
    // What stays charged: the fees.
    expect(ledger.chargedCents).toBe(3133);
    expect(ledger.outstandingCents).toBe(0);
    const after = await view(id);
    // The customer's money, owed back now: a refund due.
    expect(after.balance).toMatchObject({ outstanding: 0, credit: 11.81, refundDue: 11.81 });
    expect(after.invoices.map((invoice: any) => invoice.kind)).toEqual(['premium', 'credit-note']);
  });

  it('pet returns everything, fees included; a short-rate asked for before inception is flat too', async () => {
    const { id } = await issuePolicy(broker, 'pet');
    const inception = await inceptionOf(id);
    const before = live(await view(id));
    const payable = before.reduce((sum: number, instalment: any) => sum + cents(instalment.payable), 0);
    const first = before[0].payable as number;
    await pay(id, first);

    const applied = await terminate(id, {
      effectiveDate: addDaysIso(inception, -30),
      reason: 'replaced-cover',
      terminationType: 'short-rate',
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data).toMatchObject({ appliedType: 'flat', cancellationFromInception: true, feesKept: 0, keepPercent: null });
    expect(cents(applied.body.data.returnPremium.payable)).toBe(payable);
    // All of it back: what was paid, the first instalment, is owed back whole.
    expect(cents(applied.body.data.schedule.credit)).toBe(cents(first));
    const ledger = await expectLedgerHolds(id);
    expect(ledger.chargedCents).toBe(0);
  });

  it('on inception exactly is a cancellation from inception; the day after is pro-rata; after the term is still 422', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const inception = await inceptionOf(id);
    const onInception = await terminate(id, { effectiveDate: inception, reason: 'customer-request', note: 'not taken up' }, '?dryRun=true');
    expect(onInception.status, onInception.text).toBe(200);
    expect(onInception.body.data).toMatchObject({ appliedType: 'flat', cancellationFromInception: true, feesKept: 31.33 });
    const dayAfter = await terminate(id, { effectiveDate: addDaysIso(inception, 1), reason: 'property-sold' }, '?dryRun=true');
    expect(dayAfter.status, dayAfter.text).toBe(200);
    expect(dayAfter.body.data).toMatchObject({ appliedType: 'pro-rata', cancellationFromInception: false });
    // 188.31 × 364 ÷ 365 = 187.7940… → 187.79
    expect(dayAfter.body.data.returnPremium.net).toBe(187.79);
    const late = await terminate(id, { effectiveDate: '2099-01-01', reason: 'property-sold' }, '?dryRun=true');
    expect(late.status, late.text).toBe(422);
    expect(late.headers.get('content-type')).toContain('application/problem+json');
    const garbled = await terminate(id, { effectiveDate: '2026-02-30', reason: 'property-sold' }, '?dryRun=true');
    expect(garbled.status, garbled.text).toBe(400);
    expect(garbled.body.errors).toEqual([{ path: '/effectiveDate', message: 'Invalid ISO date' }]);
  });
});
