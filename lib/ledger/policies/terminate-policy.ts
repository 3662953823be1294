import type { Tx } from '@/lib/db/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { checkIfMatch } from '@/lib/ledger/quotes/quote-record';
import { asJson } from '@/lib/ledger/quotes/rate-quote';
import { money, toAmount } from '@/lib/money';
import { compareDates, todayUtc } from '@/lib/rating/dates';
import { chargedParts } from './charged';
import {
  assertEffectiveDate,
  assertPolicyAction,
  calculationOf,
  findPolicy,
  latestVersionStart,
  lockPolicy,
  ratesOf,
  settingsOf,
  termOf,
  type PolicyRecord,
} from './policy-record';
import { settleAfterScheduleChange } from '@/lib/ledger/payments/settle';
import { postAdjustment, settleOpenInstalments } from './post-adjustment';
import { negateParts, partsAsAmounts } from './premium-parts';
import { terminationRefund, type TerminationType } from './termination-refund';

export interface TerminatePolicyInput {
  tenantId: string;
  id: string;
  actor: string;
  /** Required for pro-rata and short-rate; flat is always from inception. */
  effectiveDate?: string;
  reason: string;
  terminationType: TerminationType;
  dryRun: boolean;
  ifMatch: string | null;
  today?: string;
}

/**
 * POST /policies/{id}/terminate (API-CONTRACT §5, DOMAIN.md §5). The dry run answers the
 * preview; applying posts the credit note with its journal entry, cancels the open
 * instalments (what is still owed becomes one balance instalment) and ends the policy.
 */
export async function terminatePolicy(tx: Tx, input: TerminatePolicyInput) {
  const row = input.dryRun ? await findPolicy(tx, input.tenantId, input.id) : await lockPolicy(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  assertPolicyAction(row, 'terminate');
  const today = input.today ?? todayUtc();
  const term = termOf(row);
  let effectiveDate = input.effectiveDate;
  if (input.terminationType === 'flat') {
    if (effectiveDate !== undefined && effectiveDate !== term.inception) {
      throw new ValidationFailed('A flat termination is effective from inception', [
        { path: '/effectiveDate', message: `must be the inception date ${term.inception} or left out` },
      ]);
    }
    effectiveDate = term.inception;
  } else {
    if (effectiveDate === undefined) {
      throw new ValidationFailed('The effective date is required', [
        { path: '/effectiveDate', message: 'required for pro-rata and short-rate' },
      ]);
    }
    assertEffectiveDate(effectiveDate, term, await latestVersionStart(tx, row));
  }
  const settings = settingsOf(row);
  const calculation = calculationOf(row);
  const charged = await chargedParts(tx, row.tenantId, row.id);
  const outcome = terminationRefund({
    type: input.terminationType,
    ...term,
    effectiveDate,
    requestDate: today,
    termNet: money(calculation.data.net),
    charged,
    rates: ratesOf(row),
    coolingOffDays: settings.coolingOffDays,
    shortRateTable: settings.shortRateTable,
  });
  const preview = {
    effectiveDate: outcome.effectiveDate,
    reason: input.reason,
    terminationType: outcome.requestedType,
    appliedType: outcome.appliedType,
    coolingOff: outcome.coolingOff,
    keepPercent: outcome.keepPercent,
    termDays: outcome.termDays,
    daysOnCover: outcome.daysOnCover,
    daysRemaining: outcome.daysRemaining,
    currency: calculation.data.currency,
    charged: partsAsAmounts(charged),
    returnPremium: partsAsAmounts(outcome.refund),
    feesKept: toAmount(outcome.kept.fees),
    taxReturned: toAmount(outcome.refund.tax),
    kept: partsAsAmounts(outcome.kept),
  };
  if (input.dryRun) return { dryRun: true as const, row, preview, creditNoteNumber: null, balanceDue: null };

  const version = row.currentVersion + 1;
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'termination',
      effectiveFrom: new Date(`${outcome.effectiveDate}T00:00:00Z`),
      data: asJson(row.data),
      calculation: asJson(calculation),
      createdBy: input.actor,
    },
  });
  const creditNote = await postAdjustment(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    policyVersion: version,
    currency: calculation.data.currency,
    parts: negateParts(outcome.refund),
    journalKind: 'termination',
    description: `Return premium on termination (${outcome.appliedType}) from ${outcome.effectiveDate}`,
    kind: 'credit-note',
  });
  const dueDate = compareDates(outcome.effectiveDate, today) > 0 ? outcome.effectiveDate : today;
  const settled = await settleOpenInstalments(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    invoiceId: creditNote.invoiceId,
    currency: calculation.data.currency,
    returned: outcome.refund,
    dueDate,
  });
  await settleAfterScheduleChange(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    currency: calculation.data.currency,
    occasion: 'termination',
  });
  const updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      policyStatus: assertPolicyAction(row, 'terminate'),
      terminatedAt: new Date(`${outcome.effectiveDate}T00:00:00Z`),
      currentVersion: version,
      revision: { increment: 1 },
    },
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.terminated',
    actor: input.actor,
    before: { policyStatus: row.policyStatus, version: row.currentVersion },
    after: { policyStatus: updated.policyStatus, version, terminatedAt: outcome.effectiveDate },
    data: {
      reason: input.reason,
      terminationType: outcome.requestedType,
      appliedType: outcome.appliedType,
      coolingOff: outcome.coolingOff,
      returnPremium: preview.returnPremium,
      creditNoteNumber: creditNote.invoiceNumber,
      cancelledInstalments: settled.cancelled,
      balanceDue: toAmount(settled.balanceDue),
    },
  });
  await queueDocuments(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    occasion: 'termination',
    policyVersion: version,
    invoiceId: creditNote.invoiceId,
  });
  await publishChange(tx, `policy:${row.id}`);
  return {
    dryRun: false as const,
    row: updated as PolicyRecord,
    preview,
    creditNoteNumber: creditNote.invoiceNumber,
    balanceDue: toAmount(settled.balanceDue),
  };
}
