import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, daysBetween } from '../support/dates';
import { withDatabase } from '../support/db';
import { issuePolicy } from '../support/lifecycle';
import { brokenMoneyInvariants, moneyLedgerOf } from '../support/money-ledger';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads */

// Backdated and out-of-sequence MTAs (issue 16): an MTA dated before a later one reverses the
// later one's money, applies on the version in force on its date, and applies the later one again
// on top, re-priced. The money must be what applying the changes in date order gives.

const POLICIES = '/api/v1/ledger/policies';
const cents = (value: number) => Math.round(value * 100);
/** Pro-rata by days, half-up to the cent, worked on cents. */
const proRataCents = (differenceCents: number, daysRemaining: number, termDays: number) =>
  Math.sign(differenceCents) * Math.round((Math.abs(differenceCents) * daysRemaining) / termDays);
const taxCents = (netCents: number) => Math.sign(netCents) * Math.round(Math.abs(netCents) * 0.12);
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

async function termOf(id: string): Promise<{ inception: string; termDays: number }> {
  const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
  expect(read.status, read.text).toBe(200);
  const { dateInception, dateExpiry } = read.body.data.policy;
  return { inception: dateInception, termDays: daysBetween(dateInception, dateExpiry) };
}

/** What the policy's money is: the journal by account, the live instalments, periodPremium. */
async function moneyOf(id: string) {
  const ledger = await moneyLedgerOf(id);
  expect(brokenMoneyInvariants(ledger)).toEqual([]);
  const rows = await withDatabase(async (client) => {
    const accounts = await client.query<{ account: string; cents: string }>(
      `SELECT l.account, (SUM(l.debit - l.credit) * 100)::bigint::text AS cents FROM "JournalLine" l
       JOIN "JournalEntry" e ON e.id = l."entryId" WHERE e."policyId" = $1 GROUP BY l.account ORDER BY l.account`,
      [id],
    );
    const instalments = await client.query<{ due: string; amount: string }>(
      `SELECT "dueDate"::text AS due, amount::text AS amount FROM "Instalment"
       WHERE "policyId" = $1 AND status <> 'cancelled' ORDER BY "dueDate", amount`,
      [id],
    );
    return { accounts: accounts.rows, instalments: instalments.rows };
  });
  const { meta } = (await call(`${POLICIES}/${id}/links`, { token: broker })).body;
  expect(cents(meta.periodPremium)).toBe(ledger.chargedCents);
  return {
    receivableCents: ledger.receivableCents,
    paidCents: ledger.paidCents,
    chargedCents: ledger.chargedCents,
    accounts: rows.accounts.filter((row) => row.cents !== '0'),
    instalments: rows.instalments,
    periodPremium: meta.periodPremium as number,
  };
}

async function mta(id: string, effectiveDate: string, patch: Record<string, unknown>, dryRun = false) {
  const result = await call(`${POLICIES}/${id}/mta${dryRun ? '?dryRun=true' : ''}`, { token: broker, body: { effectiveDate, ...patch } });
  expect(result.status, result.text).toBe(200);
  return result.body;
}

describe('an MTA dated before an earlier-entered MTA', () => {
  // The home example (LS postcode: zone D 1.2; semi-detached 1.05; alarm 0.95; locks 0.95; no
  // claims 1.0; excess 250 0.92), every step rounded half-up to the cent:
  //   40,000, no accidental damage: 180.00 → 216.00 → 226.80 → 215.46 → 204.69 → 188.31
  //   60,000, no accidental damage: 270.00 → 324.00 → 340.20 → 323.19 → 307.03 → 282.47
  //   40,000, accidental damage +20 %: … 204.69 → 245.63 → 225.98
  //   60,000, accidental damage +20 %: … 307.03 → 368.44 → 338.96
  const NET = { issued: 18_831, bigger: 28_247, damage: 22_598, both: 33_896 };
  const BIGGER = { objects: [{ sumInsured: 60_000 }] };
  const DAMAGE = { objects: [{ accidentalDamage: true }] };

  it('replays the later MTA on top, re-priced; the money equals applying both in date order on a fresh policy', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const { inception, termDays } = await termOf(id);
    const day100 = addDaysIso(inception, 100);
    const day200 = addDaysIso(inception, 200);

    // Entered first: accidental damage from day 200.
    const first = await mta(id, day200, DAMAGE);
    const firstNet = proRataCents(NET.damage - NET.issued, termDays - 200, termDays);
    expect(cents(first.data.adjustment.net)).toBe(firstNet);
    expect(first.data.outOfSequence).toBe(false);
    expect(first.data.replayed).toEqual([]);

    // Entered second, dated before it: the bigger sum insured from day 100.
    const adjustmentNet = proRataCents(NET.bigger - NET.issued, termDays - 100, termDays);
    const replayNet = proRataCents(NET.both - NET.bigger, termDays - 200, termDays);
    const netNet = adjustmentNet + replayNet - firstNet;
    const netPayable = adjustmentNet + taxCents(adjustmentNet) + replayNet + taxCents(replayNet) - firstNet - taxCents(firstNet);
    const before = await moneyOf(id);
    const dry = await mta(id, day100, BIGGER, true);
    expect(dry.meta).toMatchObject({ dryRun: true, version: '2' });
    expect(dry.data).toMatchObject({
      outOfSequence: true,
      previousTermNet: NET.issued / 100,
      newTermNet: NET.bigger / 100,
      voidedVersions: ['2'],
      kind: 'additional-premium',
    });
    expect(cents(dry.data.adjustment.net)).toBe(adjustmentNet);
    expect(dry.data.replayed).toHaveLength(1);
    expect(dry.data.replayed[0]).toMatchObject({
      version: '2',
      replayedAs: null,
      effectiveDate: day200,
      changed: ['/objects/0/accidentalDamage'],
      previousTermNet: NET.bigger / 100,
      newTermNet: NET.both / 100,
    });
    expect(cents(dry.data.replayed[0].reversed.net)).toBe(firstNet);
    expect(cents(dry.data.replayed[0].adjustment.net)).toBe(replayNet);
    expect(cents(dry.data.net.net)).toBe(netNet);
    expect(cents(dry.data.net.payable)).toBe(netPayable);
    // A dry run moves nothing.
    expect(await moneyOf(id)).toEqual(before);

    const applied = await mta(id, day100, BIGGER);
    expect(applied.meta).toMatchObject({ dryRun: false, version: '4' });
    expect(applied.data.replayed[0]).toMatchObject({ version: '2', replayedAs: '4' });
    expect(applied.data.replayed[0].invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(cents(applied.data.net.payable)).toBe(netPayable);
    const after = await moneyOf(id);
    expect(after.receivableCents - before.receivableCents).toBe(netPayable);

    // The history says which version replays which, and that the replayed one is void.
    const read = (await call(`${POLICIES}/${id}/links`, { token: broker })).body;
    expect(read.meta.versions.map((v: any) => [v.version, v.kind, v.effectiveFrom, v.replaysVersion, v.voided])).toEqual([
      ['1', 'issue', inception, null, false],
      ['2', 'mta', day200, null, true],
      ['3', 'mta', day100, null, false],
      ['4', 'mta', day200, '2', false],
    ]);
    expect(read.data.objects[0]).toMatchObject({ sumInsured: 60_000, accidentalDamage: true });

    // The same two changes in date order on a fresh policy: the same money.
    const { id: fresh } = await issuePolicy(broker, 'home');
    await mta(fresh, day100, BIGGER);
    await mta(fresh, day200, DAMAGE);
    expect(await moneyOf(fresh)).toEqual(after);

    // A termination dated between them voids the replayed version's money, not the reversal's.
    const ended = await call(`${POLICIES}/${id}/terminate?dryRun=true`, {
      token: broker,
      body: { effectiveDate: addDaysIso(inception, 150), reason: 'property-sold', terminationType: 'pro-rata' },
    });
    expect(ended.status, ended.text).toBe(200);
    expect(cents(ended.body.data.charged.net)).toBe(NET.issued + adjustmentNet);
  });

  it('with a termination pending, the termination is taken off, the MTA replayed and the termination put back: as in date order', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const { inception } = await termOf(id);
    const terminate = async (policy: string) => {
      const ended = await call(`${POLICIES}/${policy}/terminate`, {
        token: broker,
        body: { effectiveDate: addDaysIso(inception, 300), reason: 'property-sold', terminationType: 'pro-rata' },
      });
      expect(ended.status, ended.text).toBe(200);
      expect(ended.body.meta.status).toBe('pending-termination');
      await moneyOf(policy);
    };
    await mta(id, addDaysIso(inception, 200), DAMAGE);
    await terminate(id);
    const applied = await mta(id, addDaysIso(inception, 100), BIGGER);
    expect(applied.data.voidedVersions).toEqual(['2']);
    const read = (await call(`${POLICIES}/${id}/links`, { token: broker })).body;
    expect(read.meta.status).toBe('pending-termination');
    expect(read.meta.pendingTermination).toMatchObject({ effectiveDate: addDaysIso(inception, 300), terminationType: 'pro-rata' });
    expect(read.data.objects[0]).toMatchObject({ sumInsured: 60_000, accidentalDamage: true });

    const { id: fresh } = await issuePolicy(broker, 'home');
    await mta(fresh, addDaysIso(inception, 100), BIGGER);
    await mta(fresh, addDaysIso(inception, 200), DAMAGE);
    await terminate(fresh);
    expect(await moneyOf(id)).toEqual(await moneyOf(fresh));
  });

  it('an MTA dated before the earlier one is still 422 outside the term', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const { inception } = await termOf(id);
    await mta(id, addDaysIso(inception, 50), DAMAGE);
    const outside = await call(`${POLICIES}/${id}/mta?dryRun=true`, {
      token: broker,
      body: { effectiveDate: addDaysIso(inception, -1), ...BIGGER },
    });
    expect(outside.status).toBe(422);
    expect(outside.body.errors).toEqual([expect.objectContaining({ path: '/effectiveDate' })]);
  });
});

// Two or three MTAs on distinct days, each a real change whatever the order: a sum insured of
// its own (never the issued 40,000), accidental damage on, or the excess off 250; the last two at
// most once (a second would leave the policy as it is in date order), else a sum insured.
interface Change {
  day: number;
  patch: Record<string, unknown>;
}

const changes: fc.Arbitrary<Change[]> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 360 }), { minLength: 2, maxLength: 3 }),
    fc.uniqueArray(
      fc.integer({ min: 10, max: 95 }).filter((thousands) => thousands !== 40),
      { minLength: 3, maxLength: 3 },
    ),
    fc.array(fc.constantFrom('sum' as const, 'damage' as const, 'excess' as const), { minLength: 3, maxLength: 3 }),
    fc.constantFrom(100, 500),
  )
  .map(([days, sums, kinds, excess]) => {
    const used = new Set<string>();
    return days.map((day, i) => {
      const kind = kinds[i] !== 'sum' && used.has(kinds[i]!) ? 'sum' : kinds[i]!;
      used.add(kind);
      const object = kind === 'damage' ? { accidentalDamage: true } : kind === 'excess' ? { excess } : { sumInsured: sums[i]! * 1_000 };
      return { day, patch: { objects: [object] } };
    });
  });

describe('out-of-sequence MTAs in any order of entry', () => {
  it('give the money of applying them in date order on a fresh policy; every invariant holds after each step', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        // Distinct dates: two MTAs on one day are ordered by entry, not by date.
        changes,
        fc.func(fc.integer()),
        async (changes, order) => {
          runs++;
          const entered = [...changes].sort((a, b) => order(a.day) - order(b.day) || a.day - b.day);
          const dated = [...changes].sort((a, b) => a.day - b.day);
          const { id } = await issuePolicy(broker, 'home');
          const { id: fresh } = await issuePolicy(broker, 'home');
          const { inception } = await termOf(id);
          const applied = async (policy: string, list: Change[]) => {
            for (const entry of list) {
              const result = await call(`${POLICIES}/${policy}/mta`, {
                token: broker,
                body: { effectiveDate: addDaysIso(inception, entry.day), ...entry.patch },
              });
              expect(result.status, result.text).toBe(200);
              // Every invariant after every step (moneyOf asserts them).
              await moneyOf(policy);
            }
          };
          await applied(id, entered);
          await applied(fresh, dated);
          expect(await moneyOf(id)).toEqual(await moneyOf(fresh));
          const latest = (await call(`${POLICIES}/${id}/links`, { token: broker })).body.data.objects[0];
          const freshLatest = (await call(`${POLICIES}/${fresh}/links`, { token: broker })).body.data.objects[0];
          expect(latest).toEqual(freshLatest);
        },
      ),
      { numRuns: Number(process.env.LEDGER_OOS_RUNS ?? 5) },
    );
    console.log(`out-of-sequence MTAs: ${runs} orders of entry checked against date order`);
  });
});
