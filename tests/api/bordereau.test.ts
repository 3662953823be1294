import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { todayIn } from '../support/dates';
import { tenantId, withDatabase } from '../support/db';
import { issuePolicy } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// The monthly premium bordereau (issue 14). The home example, monthly, is worked by hand in
// DOMAIN.md: net 188.31; tax 12 % = 22.60; fees 25.00 + the 3 % monthly surcharge on net + tax
// (210.91 × 3 % = 6.33) = 31.33; gross 188.31 + 22.60 + 31.33 = 242.24; broker 15 % = 28.25,
// MGA 10 % = 18.83, insurer net 188.31 − 28.25 − 18.83 = 141.23.

const REPORT = '/api/v1/ledger/reports/bordereau';
const month = todayIn('UTC').slice(0, 7);
let admin: string;
let broker: string;

beforeAll(async () => {
  [admin, broker] = await Promise.all([tokenFor('acme-admin'), tokenFor('acme-broker')]);
});

const cents = (value: number) => Math.round(value * 100);

/** The journal's own sums for the month, by currency: every entry that has an invoice or credit note. */
async function journalOfMonth(tenant: string) {
  return withDatabase(async (client) => {
    const rows = await client.query<{ currency: string; account: string; cents: string }>(
      `SELECT e.currency, l.account, (SUM(l.credit - l.debit) * 100)::bigint::text AS cents
       FROM "JournalEntry" e JOIN "JournalLine" l ON l."entryId" = e.id
       WHERE e."tenantId" = $1 AND to_char(e."postedAt" AT TIME ZONE 'UTC', 'YYYY-MM') = $2
         AND EXISTS (SELECT 1 FROM "Invoice" i WHERE i."journalEntryId" = e.id)
       GROUP BY e.currency, l.account`,
      [tenant, month],
    );
    const byCurrency = new Map<string, Record<string, number>>();
    for (const row of rows.rows) {
      const sums = byCurrency.get(row.currency) ?? {};
      sums[row.account] = Number(row.cents);
      byCurrency.set(row.currency, sums);
    }
    return byCurrency;
  });
}

describe('premium bordereau', () => {
  it('lists the month’s new business with the hand-worked figures, and its totals equal the journal to the cent', async () => {
    const { policyNumber } = await issuePolicy(broker, 'home');
    const read = await call(`${REPORT}?month=${month}&kind=premium`, { token: admin });
    expect(read.status, read.text).toBe(200);
    const line = read.body.data.lines.find((l: any) => l.policyNumber === policyNumber);
    expect(line).toMatchObject({
      transaction: 'new-business',
      insured: 'Alice Walker',
      product: 'home',
      currency: 'GBP',
      gross: 242.24,
      netPremium: 188.31,
      tax: 22.6,
      fees: 31.33,
      brokerCommission: 28.25,
      mgaCommission: 18.83,
      insurerNet: 141.23,
    });

    const journal = await journalOfMonth(await tenantId('acme'));
    const totals = read.body.data.totals as any[];
    expect(totals.map((total) => total.currency).sort()).toEqual([...journal.keys()].sort());
    for (const total of totals) {
      const sums = journal.get(total.currency)!;
      const of = (account: string) => sums[account] ?? 0;
      expect({
        gross: cents(total.gross),
        tax: cents(total.tax),
        fees: cents(total.fees),
        brokerCommission: cents(total.brokerCommission),
        mgaCommission: cents(total.mgaCommission),
        insurerNet: cents(total.insurerNet),
      }).toEqual({
        gross: -of('policyholder-receivable'),
        tax: of('tax-payable'),
        fees: of('fee-income'),
        brokerCommission: of('broker-commission-payable'),
        mgaCommission: of('mga-commission-income'),
        insurerNet: of('insurer-payable'),
      });
      // And the lines add up to the totals.
      const lines = read.body.data.lines.filter((l: any) => l.currency === total.currency);
      expect(lines.reduce((sum: number, l: any) => sum + cents(l.gross), 0)).toBe(cents(total.gross));
    }
  });

  it('answers CSV with format=csv or Accept: text/csv, with a TOTAL row per currency matching the JSON', async () => {
    const json = await call(`${REPORT}?month=${month}`, { token: admin });
    const csv = await call(`${REPORT}?month=${month}&format=csv`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="bordereau-premium-${month}.csv"`);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe(
      'transaction,policyNumber,insured,product,documentNumber,postedOn,effectiveFrom,inception,expiry,currency,gross,netPremium,tax,fees,brokerCommission,mgaCommission,insurerNet',
    );
    expect(rows).toHaveLength(1 + json.body.data.lines.length + json.body.data.totals.length);
    const gbp = json.body.data.totals.find((total: any) => total.currency === 'GBP');
    const totalRow = rows.find((row) => row.startsWith('TOTAL,') && row.includes(',GBP,'))!.split(',');
    expect(totalRow.slice(10)).toEqual(
      [gbp.gross, gbp.netPremium, gbp.tax, gbp.fees, gbp.brokerCommission, gbp.mgaCommission, gbp.insurerNet].map((n: number) =>
        n.toFixed(2),
      ),
    );
    const negotiated = await call(`${REPORT}?month=${month}`, { token: admin, headers: { accept: 'text/csv' } });
    expect(negotiated.text).toBe(csv.text);
  });

  it('is for admins; a bad month is 400; a month without transactions is empty', async () => {
    expect((await call(`${REPORT}?month=${month}`, { token: broker })).status).toBe(403);
    expect((await call(`${REPORT}?month=2026-13`, { token: admin })).status).toBe(400);
    expect((await call(`${REPORT}?month=2026-11&kind=claims`, { token: admin })).status).toBe(400);
    const empty = await call(`${REPORT}?month=1999-01`, { token: admin });
    expect(empty.body.data).toEqual({ month: '1999-01', kind: 'premium', lines: [], totals: [] });
  });
});
