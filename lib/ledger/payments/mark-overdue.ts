import type { Tx } from '@/lib/db/client';
import { withSystem, withTenant } from '@/lib/db/tenant';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { isoDay, latestVersionStart, lockPolicy, settingsOf } from '@/lib/ledger/policies/policy-record';
import { businessToday } from '@/lib/ledger/today';
import { terminatePolicy } from '@/lib/ledger/policies/terminate-policy';
import { allowedPolicyActions, isPolicyState } from '@/lib/ledger/state-machine';
import { toAmount } from '@/lib/money';
import { addDays, compareDates, todayUtc } from '@/lib/rating/dates';
import { log } from '@/lib/log';
import { nonPaymentCancellationDate, outstandingOf } from './allocation';
import { arrearsSettingOf } from './arrears-setting';
import { policyPositions } from './settle';

export const MARK_OVERDUE_TASK = 'mark-overdue';
/** The arrears sweep runs once a day (one cron slot a day across all workers). */
export const MARK_OVERDUE_EVERY_MS = 24 * 60 * 60 * 1000;

const BATCH_SIZE = 200;
const BATCHES_MAX = 50;

export interface ArrearsOutcome {
  /** Instalments reported overdue for the first time. */
  marked: number;
  /** Policies cancelled for non-payment (only products that ask for it). */
  cancelled: number;
}

/**
 * The daily arrears sweep: every instalment still owed after its due date is reported once (an
 * `instalment.overdue` event, which the withNotifications list and the events out carry), and a
 * product that cancels for non-payment has the policy terminated pro-rata from the day its grace
 * period ended. Finding candidates crosses tenants (system role); each policy is then handled in
 * its own tenant-scoped transaction under its row lock.
 */
export async function markOverdue(now: Date = new Date()): Promise<ArrearsOutcome> {
  // Candidates up to tomorrow's UTC date (no zone's date is later); each policy is then judged by
  // its own tenant's (or product's) local date.
  const latest = addDays(todayUtc(now), 1);
  const outcome: ArrearsOutcome = { marked: 0, cancelled: 0 };
  const seen = new Set<string>();
  for (let batch = 0; batch < BATCHES_MAX; batch++) {
    const due = await withSystem((tx) =>
      tx.instalment.findMany({
        where: {
          status: 'open',
          dueDate: { lt: new Date(`${latest}T00:00:00Z`) },
          overdueNotifiedAt: null,
          policyId: { notIn: [...seen] },
        },
        distinct: ['policyId'],
        select: { policyId: true, tenantId: true },
        take: BATCH_SIZE,
      }),
    );
    for (const candidate of due) {
      seen.add(candidate.policyId);
      const done = await withTenant(candidate.tenantId, (tx) => arrearsOfPolicy(tx, candidate.tenantId, candidate.policyId, now));
      outcome.marked += done.marked;
      outcome.cancelled += done.cancelled;
    }
    if (due.length < BATCH_SIZE) break;
  }
  return outcome;
}

async function arrearsOfPolicy(tx: Tx, tenantId: string, policyId: string, now: Date): Promise<ArrearsOutcome> {
  const row = await lockPolicy(tx, tenantId, policyId);
  const today = await businessToday(tx, tenantId, row.productCode, now);
  const positions = await policyPositions(tx, tenantId, policyId);
  const rows = await tx.instalment.findMany({
    where: { tenantId, policyId, status: 'open', overdueNotifiedAt: null, dueDate: { lt: new Date(`${today}T00:00:00Z`) } },
    select: { id: true },
  });
  const unreported = new Set(rows.map((r) => r.id));
  const overdue = positions.live.filter((position) => unreported.has(position.id) && outstandingOf(position).greaterThan(0));
  const currency = (row.calculation as { data?: { currency?: string } } | null)?.data?.currency ?? settingsOf(row).currency;
  for (const position of overdue) {
    await tx.instalment.update({ where: { id: position.id }, data: { overdueNotifiedAt: new Date() } });
    await recordEvent(tx, {
      tenantId,
      policyId,
      type: 'instalment.overdue',
      actor: 'system:arrears',
      data: {
        instalmentId: position.id,
        sequence: position.sequence,
        dueDate: position.dueDate,
        outstanding: toAmount(outstandingOf(position)),
        currency,
      },
    });
  }
  let cancelled = 0;
  const from = nonPaymentCancellationDate(positions.live, arrearsSettingOf(row.productCode), today, addDays);
  const state = row.policyStatus;
  if (from && isPolicyState(state) && allowedPolicyActions(state).includes('terminate')) {
    // From the end of the grace period, but never before the latest version nor after the term.
    const notBefore = await latestVersionStart(tx, row);
    const start = compareDates(from, notBefore) < 0 ? notBefore : from;
    const effectiveDate = compareDates(start, isoDay(row.dateExpiry)) < 0 ? start : null;
    if (effectiveDate) {
      await terminatePolicy(tx, {
        tenantId,
        id: policyId,
        actor: 'system:arrears',
        effectiveDate,
        reason: 'non-payment',
        terminationType: 'pro-rata',
        dryRun: false,
        ifMatch: null,
        today,
      });
      cancelled = 1;
      log.info('policy cancelled for non-payment', { policyId, effectiveDate });
    }
  }
  if (overdue.length > 0) await publishChange(tx, `policy:${policyId}`);
  return { marked: overdue.length, cancelled };
}
