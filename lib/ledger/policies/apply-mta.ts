import type { Tx } from '@/lib/db/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { checkIfMatch, customerNameOf } from '@/lib/ledger/quotes/quote-record';
import { asJson } from '@/lib/ledger/quotes/rate-quote';
import { getProduct } from '@/lib/products/registry';
import { valueAt } from '@/lib/products/paths';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import { compareDates } from '@/lib/rating/dates';
import { businessToday } from '@/lib/ledger/today';
import { Prisma } from '@/lib/db/generated/client';
import { mergePolicyChange, type PolicyPatch } from './policy-change';
import {
  assertEffectiveDate,
  assertPolicyAction,
  calculationOf,
  findPolicy,
  latestVersionStart,
  lockPolicy,
  pendingTerminationOf,
  ratesOf,
  termOf,
  type PolicyRecord,
} from './policy-record';
import { settleAfterScheduleChange } from '@/lib/ledger/payments/settle';
import { postAdjustment, respreadOpenInstalments } from './post-adjustment';
import { partsAsAmounts } from './premium-parts';
import { mtaAdjustment } from './pro-rata';
import { recordTermination, reverseTermination } from './terminate-policy';

export interface ApplyMtaInput {
  tenantId: string;
  id: string;
  actor: string;
  effectiveDate: string;
  patch: PolicyPatch;
  dryRun: boolean;
  ifMatch: string | null;
  today?: string;
}

/**
 * POST /policies/{id}/mta (API-CONTRACT §5): re-rate the changed data, price the difference
 * pro-rata by days from the effective date, and (unless a dry run) write the next version, the
 * adjustment invoice or credit note, its journal entry and the re-spread instalments.
 */
export async function applyMta(tx: Tx, input: ApplyMtaInput) {
  const row = input.dryRun ? await findPolicy(tx, input.tenantId, input.id) : await lockPolicy(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  assertPolicyAction(row, 'mta');
  const today = input.today ?? (await businessToday(tx, row.tenantId, row.productCode));
  const term = termOf(row);
  assertEffectiveDate(input.effectiveDate, term, await latestVersionStart(tx, row));
  const pending = pendingTerminationOf(row);
  if (pending) assertBeforeTermination(input.effectiveDate, pending.effectiveDate);
  const change = mergePolicyChange(row, input.patch);
  const previous = calculationOf(row);
  const calculation = calculatePremium({
    product: getProduct(row.productCode),
    data: { product: row.productCode, ...change.after },
    enrichment: row.enrichment as Record<string, unknown>,
    plan: previous.data.paymentPlan,
  });
  if (calculation.referrals.length > 0) {
    throw new ValidationFailed(
      'The adjusted policy is outside the delegated authority; it needs an underwriter',
      calculation.referrals.map((referral) => ({ path: referral.path ?? '', message: referral.message })),
    );
  }
  const adjustment = mtaAdjustment({
    ...term,
    effectiveDate: input.effectiveDate,
    oldNet: previous.data.net,
    newNet: calculation.data.net,
    rates: ratesOf(row),
  });
  const preview = {
    effectiveDate: input.effectiveDate,
    termDays: adjustment.termDays,
    daysRemaining: adjustment.daysRemaining,
    currency: calculation.data.currency,
    previousTermNet: previous.data.net,
    newTermNet: calculation.data.net,
    adjustment: partsAsAmounts(adjustment.parts),
    kind: adjustment.parts.payable.isZero() ? 'none' : adjustment.parts.payable.isPositive() ? 'additional-premium' : 'return-premium',
    changed: change.changed,
  };
  if (input.dryRun) return { dryRun: true as const, row, preview, invoiceNumber: null };

  const version = row.currentVersion + 1;
  // A termination waiting for its date is taken off first and put back after the MTA, so that
  // its return is computed on the adjusted premium, as if the MTA had come first.
  if (pending) await reverseTermination(tx, row, pending, version);
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'mta',
      effectiveFrom: new Date(`${input.effectiveDate}T00:00:00Z`),
      data: asJson(change.after),
      calculation: asJson(calculation),
      createdBy: input.actor,
    },
  });
  let invoice: { invoiceId: string; invoiceNumber: string } | null = null;
  if (!adjustment.parts.payable.isZero()) {
    invoice = await postAdjustment(tx, {
      tenantId: row.tenantId,
      policyId: row.id,
      policyVersion: version,
      currency: calculation.data.currency,
      parts: adjustment.parts,
      journalKind: 'mta',
      description: `Mid-term adjustment, policy version ${version} from ${input.effectiveDate}`,
    });
    await respreadOpenInstalments(tx, {
      tenantId: row.tenantId,
      policyId: row.id,
      invoiceId: invoice.invoiceId,
      currency: calculation.data.currency,
      adjustment: adjustment.parts,
      effectiveDate: input.effectiveDate,
      today,
    });
    await settleAfterScheduleChange(tx, {
      tenantId: row.tenantId,
      policyId: row.id,
      currency: calculation.data.currency,
      occasion: 'mid-term adjustment',
    });
  }
  let updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      ...(pending ? { policyStatus: 'active', pendingTermination: Prisma.DbNull } : {}),
      data: asJson(change.after),
      calculation: asJson(calculation),
      calculatedAt: new Date(),
      currentVersion: version,
      customerName: customerNameOf(change.after),
      revision: { increment: 1 },
    },
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.mta',
    actor: input.actor,
    before: { version: row.currentVersion, ...changedValues(change.before, change.changed) },
    after: { version, ...changedValues(change.after, change.changed) },
    data: { effectiveDate: input.effectiveDate, adjustment: preview.adjustment, invoiceNumber: invoice?.invoiceNumber ?? null },
  });
  await queueDocuments(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    occasion: 'mta',
    policyVersion: version,
    ...(invoice ? { invoiceId: invoice.invoiceId } : {}),
  });
  if (pending) {
    const reapplied = await recordTermination(tx, updated as PolicyRecord, {
      effectiveDate: pending.effectiveDate,
      reason: pending.reason,
      terminationType: pending.terminationType,
      requestDate: pending.requestDate,
      actor: input.actor,
      today,
      later: [],
    });
    updated = reapplied.row;
  }
  await publishChange(tx, `policy:${row.id}`);
  return { dryRun: false as const, row: updated as PolicyRecord, preview, invoiceNumber: invoice?.invoiceNumber ?? null };
}

/** While a termination is pending, a change must take effect before its date (422 on `/effectiveDate`). */
export function assertBeforeTermination(effectiveDate: string, terminationDate: string): void {
  if (compareDates(effectiveDate, terminationDate) < 0) return;
  const message = `must be before the pending termination, effective ${terminationDate}`;
  throw new ValidationFailed(`The effective date ${message}`, [{ path: '/effectiveDate', message }]);
}

export function changedValues(data: unknown, changed: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(changed.map((path) => [path, valueAt(data, path) ?? null]));
}
