import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { createQuote, waitUntilReady } from '../support/lifecycle';
import { ownTenant } from '../support/own-tenant';

// A recalculation of a quote this process calculated last starts from the row it saved then, and
// sends its events, its update and COMMIT as one message with no lock taken first
// (lib/ledger/quotes/calculate-now.ts). The update saves only the version of the row that was
// kept: a quote changed since, by this process or another, is calculated again on the locked path.
// The calculations here run in this test's process; the binds and the calculation "by another
// process" go through the stack's app.

process.env.DATABASE_URL = inject('databaseUrl');
const { calculateQuoteNow, calculationsFromKnownRows } = await import('@/lib/ledger/quotes/calculate-now');
const { prisma } = await import('@/lib/db/client');

let tag = '';
let token = '';
let tenant = '';
beforeAll(async () => {
  ({ tenant: tag, token } = await ownTenant('known-row'));
  tenant = await tenantId(tag);
});
afterAll(async () => {
  await prisma.$disconnect();
});

/** A quote of the tenant, prepared by the stack's worker and never calculated. */
async function preparedQuote(): Promise<string> {
  const id = await createQuote(token, 'home', undefined, tag);
  await waitUntilReady(token, id, tag);
  return id;
}

// The home example's price: payable 242.24 (tests/api/payments.test.ts works it out), from its
// preparation on.
const PAYABLE = 242.24;

const recalculate = (id: string) => calculateQuoteNow({ tenantId: tenant, id, actor: 'test:known-row', patch: {}, signalReady: false });
/** The payable of the price a calculation saved. */
const payableOf = (calculated: Awaited<ReturnType<typeof recalculate>>) => calculated.rating.calculation.data.payable;

/** The quote's state, version and saved payable, and its calculation events' before and after, oldest first. */
async function saved(id: string) {
  return withDatabase(async (client) => {
    const {
      rows: [row],
    } = await client.query(
      `SELECT "status", "xmin"::text AS "version", "calculation" -> 'data' -> 'payable' AS "payable", "calculation", "calculatedAt" FROM "Policy" WHERE "id" = $1`,
      [id],
    );
    const { rows: events } = await client.query(
      `SELECT "before", "after" FROM "Event" WHERE "policyId" = $1 AND "type" = 'quote.calculated' ORDER BY "createdAt", "id"`,
      [id],
    );
    return { ...row, events } as {
      status: string;
      version: string;
      payable: unknown;
      calculation: unknown;
      calculatedAt: Date;
      events: { before: unknown; after: unknown }[];
    };
  });
}

describe('a recalculation from the row this process saved', () => {
  it('saves the same price from the kept row, and its event says the price before it', async () => {
    const id = await preparedQuote();
    const before = calculationsFromKnownRows();
    const first = await recalculate(id);
    await sleep(5); // so that the second calculation's time differs from the first's
    const second = await recalculate(id);
    expect(calculationsFromKnownRows()).toEqual({ fromKnown: before.fromKnown + 1, changed: before.changed });

    const row = await saved(id);
    expect(row.status).toBe('calculated');
    // The version each calculation answers is the row's own: the second one is what is stored.
    expect(second.rowVersion).toBe(row.version);
    expect(second.rowVersion).not.toBe(first.rowVersion);
    expect(second.rating.calculationText).toBe(first.rating.calculationText);
    // The kept row was not rated again: the second calculation gave the rating it was saved with.
    expect(second.rating).toBe(first.rating);
    expect([payableOf(first), payableOf(second), row.payable]).toEqual([PAYABLE, PAYABLE, PAYABLE]);
    // The same price was not written again: the stored one is whole, and its validity starts anew.
    expect(row.calculation).toEqual(JSON.parse(second.rating.calculationText));
    expect(row.calculatedAt).toEqual(second.row.calculatedAt);
    expect(second.row.calculatedAt!.getTime()).toBeGreaterThan(first.row.calculatedAt!.getTime());
    // The preparation rated the quote; each calculation's event says what it found and saved.
    expect(row.events.map((event) => [event.before, event.after])).toEqual([
      [
        { status: 'calculated', payable: PAYABLE },
        { status: 'calculated', payable: PAYABLE },
      ],
      [
        { status: 'calculated', payable: PAYABLE },
        { status: 'calculated', payable: PAYABLE },
      ],
    ]);
  });

  it('never overwrites a quote bound since: the kept version finds no row, and the locked path refuses the bound quote', async () => {
    const id = await preparedQuote();
    await recalculate(id);
    const bound = await call(`/api/v1/ledger/sales/policies/${id}/bind`, { token, tenant: tag, body: {} });
    expect(bound.status, bound.text).toBe(200);
    const before = calculationsFromKnownRows();

    await expect(recalculate(id)).rejects.toMatchObject({ kind: 'invalid-state', currentState: 'bound' });
    expect(calculationsFromKnownRows()).toEqual({ fromKnown: before.fromKnown, changed: before.changed + 1 });
    const row = await saved(id);
    expect(row.status).toBe('bound');
    expect(row.events).toHaveLength(1);
  });

  it('after another process calculated the quote, calculates on the locked path, and trusts its kept row again only once nobody else saves the quote', async () => {
    const id = await preparedQuote();
    const theirs = async () => {
      const calculated = await call(`/api/v1/ledger/sales/policies/${id}/calculate`, { token, tenant: tag, body: {} });
      expect(calculated.status, calculated.text).toBe(200);
    };
    const start = calculationsFromKnownRows();
    const since = () => {
      const now = calculationsFromKnownRows();
      return { fromKnown: now.fromKnown - start.fromKnown, changed: now.changed - start.changed };
    };

    const ours = await recalculate(id);
    await theirs();
    // The kept row is out of date: one message fails, then the locked path calculates.
    const again = await recalculate(id);
    expect(since()).toEqual({ fromKnown: 0, changed: 1 });
    const row = await saved(id);
    expect(again.rowVersion).toBe(row.version);
    expect(row.events).toHaveLength(3);
    expect(payableOf(ours)).toBe(PAYABLE);
    expect(row.events[2]!.before).toEqual({ status: 'calculated', payable: PAYABLE });
    // The locked path rated the row it found.
    expect(again.rating).not.toBe(ours.rating);

    // Calculated by turns in two processes: the locked path straight away, no failed message.
    await theirs();
    await recalculate(id);
    expect(since()).toEqual({ fromKnown: 0, changed: 1 });
    // Locked, the row was as this process left it: the next recalculation starts from the kept row.
    await recalculate(id);
    expect(since()).toEqual({ fromKnown: 0, changed: 1 });
    await recalculate(id);
    expect(since()).toEqual({ fromKnown: 1, changed: 1 });
    expect((await saved(id)).events).toHaveLength(7);
  });

  it('never gives a kept rating to data changed since: the locked path rates the new data', async () => {
    const id = await preparedQuote();
    const ours = await recalculate(id);
    const changed = await call(`/api/v1/ledger/sales/policies/${id}/`, {
      method: 'PUT',
      token,
      tenant: tag,
      body: { objects: [{ sumInsured: 80_000 }] },
    });
    expect(changed.status, changed.text).toBe(200);
    // The stack's worker prepares the new revision, and rates it.
    await waitUntilReady(token, id, tag);
    const prepared = (await saved(id)).payable;
    const before = calculationsFromKnownRows();

    const again = await recalculate(id);
    expect(calculationsFromKnownRows()).toEqual({ fromKnown: before.fromKnown, changed: before.changed + 1 });
    expect(again.rating).not.toBe(ours.rating);
    // A larger sum insured costs more; the saved price and the event are the new data's rating,
    // not the kept one's.
    expect(payableOf(again)).toBeGreaterThan(PAYABLE);
    expect(payableOf(again)).toBe(prepared);
    const row = await saved(id);
    expect(row.payable).toBe(payableOf(again));
    expect(row.calculation).toEqual(JSON.parse(again.rating.calculationText));
    expect(row.events.at(-1)).toEqual({
      before: { status: 'calculated', payable: prepared },
      after: { status: 'calculated', payable: prepared },
    });
  });

  it('runs two recalculations of one quote at once in this process one after the other, the second from the row the first saved', async () => {
    const id = await preparedQuote();
    await recalculate(id);
    const before = calculationsFromKnownRows();
    const [first, second] = await Promise.all([recalculate(id), recalculate(id)]);
    // Both from the kept row, one after the other: no message failed.
    expect(calculationsFromKnownRows()).toEqual({ fromKnown: before.fromKnown + 2, changed: before.changed });
    expect(second.versionFound).toBe(first.rowVersion);
    const row = await saved(id);
    expect(row.version).toBe(second.rowVersion);
    expect(row.events).toHaveLength(3);
    await recalculate(id);
    expect(calculationsFromKnownRows()).toEqual({ fromKnown: before.fromKnown + 3, changed: before.changed });
  });

  it('is off with LEDGER_CALCULATE_FROM_KNOWN=off: every calculation takes the lock first', async () => {
    const id = await preparedQuote();
    process.env.LEDGER_CALCULATE_FROM_KNOWN = 'off';
    try {
      const before = calculationsFromKnownRows();
      await recalculate(id);
      await recalculate(id);
      expect(calculationsFromKnownRows()).toEqual(before);
      expect((await saved(id)).events).toHaveLength(2);
    } finally {
      delete process.env.LEDGER_CALCULATE_FROM_KNOWN;
    }
  });
});

describe('ledger_expect_one_row', () => {
  it('passes one row and fails anything else as a serialization failure', async () => {
    await withDatabase(async (client) => {
      expect((await client.query('SELECT ledger_expect_one_row(1) AS n')).rows).toEqual([{ n: '1' }]);
      for (const found of [0, 2]) {
        await expect(client.query('SELECT ledger_expect_one_row($1)', [found])).rejects.toMatchObject({ code: '40001' });
      }
    });
  });
});
