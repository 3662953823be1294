import { Prisma } from '@/lib/db/generated/client';
import { withSystem, withTenant } from '@/lib/db/tenant';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextPolicyState } from '@/lib/ledger/state-machine';
import { businessToday } from '@/lib/ledger/today';
import { addDays, compareDates, todayUtc } from '@/lib/rating/dates';
import { coverEndOfRow, isoDay, lockPolicy, policyState } from './policy-record';

export const EXPIRE_POLICIES_TASK = 'expire-policies';
/** How often the worker's cron sweeps. */
export const EXPIRE_EVERY_MS = 15 * 60 * 1000;

const BATCH_SIZE = 200;
const BATCHES_MAX = 50;

/**
 * The daily sweep: every active policy whose expiry date has come (the expiry day itself is not
 * covered) becomes `expired`, each in its own tenant-scoped transaction with its event. Finding
 * them crosses tenants, so that one query runs with the system role. Returns how many expired.
 */
export async function expirePolicies(now: Date = new Date()): Promise<number> {
  // No zone is more than a day ahead of UTC: candidates up to tomorrow's UTC date, then each
  // policy is held to its own tenant's local date.
  const latest = new Date(`${addDays(todayUtc(now), 1)}T00:00:00Z`);
  let expired = 0;
  // Candidates whose local date has not come yet are left out of the next batch.
  const notYet: string[] = [];
  for (let batch = 0; batch < BATCHES_MAX; batch++) {
    const due = await withSystem((tx) =>
      tx.policy.findMany({
        where: { policyStatus: 'active', dateExpiry: { lte: latest }, id: { notIn: notYet } },
        select: { id: true, tenantId: true },
        orderBy: { dateExpiry: 'asc' },
        take: BATCH_SIZE,
      }),
    );
    for (const policy of due) {
      const done = await withTenant(policy.tenantId, async (tx) => {
        const row = await lockPolicy(tx, policy.tenantId, policy.id);
        const today = await businessToday(tx, row.tenantId, row.productCode, now);
        // Cover ends at the start of the cover end (the day after a trip's return day).
        if (row.policyStatus !== 'active' || compareDates(coverEndOfRow(row), today) > 0) return false;
        const next = nextPolicyState(policyState(row), 'expire');
        await tx.policy.update({ where: { id: row.id }, data: { policyStatus: next, revision: { increment: 1 } } });
        await recordEvent(tx, {
          tenantId: row.tenantId,
          policyId: row.id,
          type: 'policy.expired',
          actor: 'system:expiry',
          before: { policyStatus: 'active' },
          after: { policyStatus: next },
          data: { dateExpiry: row.dateExpiry.toISOString().slice(0, 10) },
        });
        await publishChange(tx, `policy:${row.id}`);
        return true;
      });
      if (done) expired++;
      else notYet.push(policy.id);
    }
    if (due.length < BATCH_SIZE) break;
  }
  return expired + (await completeTerminations(latest, now));
}

/**
 * On its effective date a pending termination ends the policy (DOMAIN.md §5). Its money was
 * booked when it was recorded; only the state changes. Returns how many ended.
 */
async function completeTerminations(latest: Date, now: Date): Promise<number> {
  let ended = 0;
  const notYet: string[] = [];
  for (let batch = 0; batch < BATCHES_MAX; batch++) {
    const due = await withSystem((tx) =>
      tx.policy.findMany({
        where: { policyStatus: 'pending-termination', terminatedAt: { lte: latest }, id: { notIn: notYet } },
        select: { id: true, tenantId: true },
        orderBy: { terminatedAt: 'asc' },
        take: BATCH_SIZE,
      }),
    );
    for (const policy of due) {
      const done = await withTenant(policy.tenantId, async (tx) => {
        const row = await lockPolicy(tx, policy.tenantId, policy.id);
        const today = await businessToday(tx, row.tenantId, row.productCode, now);
        if (row.policyStatus !== 'pending-termination' || !row.terminatedAt || compareDates(isoDay(row.terminatedAt), today) > 0)
          return false;
        const next = nextPolicyState(policyState(row), 'complete-termination');
        await tx.policy.update({
          where: { id: row.id },
          data: { policyStatus: next, pendingTermination: Prisma.DbNull, revision: { increment: 1 } },
        });
        await recordEvent(tx, {
          tenantId: row.tenantId,
          policyId: row.id,
          type: 'policy.termination-completed',
          actor: 'system:expiry',
          before: { policyStatus: 'pending-termination' },
          after: { policyStatus: next },
          data: { terminatedAt: isoDay(row.terminatedAt) },
        });
        await publishChange(tx, `policy:${row.id}`);
        return true;
      });
      if (done) ended++;
      else notYet.push(policy.id);
    }
    if (due.length < BATCH_SIZE) break;
  }
  return ended;
}
