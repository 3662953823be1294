import type { Tx } from '@/lib/db/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { checkIfMatch, customerNameOf } from '@/lib/ledger/quotes/quote-record';
import { asJsonInput } from '@/lib/ledger/json-column';
import { ratingPaths } from '@/lib/products/annotations';
import { matchesAny } from '@/lib/products/paths';
import { compareDates } from '@/lib/rating/dates';
import { businessToday } from '@/lib/ledger/today';
import { assertBeforeTermination, changedValues } from './apply-mta';
import { mergePolicyChange, type PolicyPatch } from './policy-change';
import {
  assertEffectiveDate,
  assertPolicyAction,
  calculationOf,
  lockPolicy,
  pendingTerminationOf,
  termOf,
  type PolicyRecord,
} from './policy-record';

export interface ChangePolicyDataInput {
  tenantId: string;
  id: string;
  actor: string;
  patch: PolicyPatch;
  /** Defaults to today, or the inception when the policy has not started yet. */
  effectiveDate?: string;
  ifMatch: string | null;
  today?: string;
}

/**
 * POST /policies/{id}/data-change (technical MTA): fields the product marks as not rating-relevant
 * only; any `x-rating` field is a 422 naming it. A new version with the same premium, no money.
 */
export async function changePolicyData(tx: Tx, input: ChangePolicyDataInput): Promise<PolicyRecord> {
  const row = await lockPolicy(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  assertPolicyAction(row, 'data-change');
  const term = termOf(row);
  const today = input.today ?? (await businessToday(tx, row.tenantId, row.productCode));
  // Without a date it applies from today (or from inception before cover starts), whatever
  // later MTA is on file: no money moves, so it may come out of sequence.
  const effectiveDate = input.effectiveDate ?? (compareDates(today, term.inception) < 0 ? term.inception : today);
  assertEffectiveDate(effectiveDate, term, term.inception);
  const pending = pendingTerminationOf(row);
  if (pending) assertBeforeTermination(effectiveDate, pending.effectiveDate);
  const change = mergePolicyChange(row, input.patch);
  const patterns = ratingPaths(row.productCode);
  const rating = change.changed.filter((path) => matchesAny(patterns, path));
  if (rating.length > 0) {
    throw new ValidationFailed(
      'A data change may only touch fields that do not affect the premium; use a mid-term adjustment (policy:mta)',
      rating.map((path) => ({ path, message: 'affects the premium (x-rating)' })),
    );
  }
  const version = row.currentVersion + 1;
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'data-change',
      effectiveFrom: new Date(`${effectiveDate}T00:00:00Z`),
      data: asJsonInput(change.after),
      calculation: asJsonInput(calculationOf(row)),
      createdBy: input.actor,
    },
  });
  const updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      data: asJsonInput(change.after),
      currentVersion: version,
      customerName: customerNameOf(change.after),
      revision: { increment: 1 },
    },
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.data-changed',
    actor: input.actor,
    before: { version: row.currentVersion, ...changedValues(change.before, change.changed) },
    after: { version, ...changedValues(change.after, change.changed) },
    data: { effectiveDate },
  });
  // The endorsement documents the change; there is no invoice.
  await queueDocuments(tx, { tenantId: row.tenantId, policyId: row.id, occasion: 'mta', policyVersion: version });
  await publishChange(tx, `policy:${row.id}`);
  return updated as PolicyRecord;
}
