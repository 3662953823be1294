import type { Tx } from '@/lib/db/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { checkIfMatch } from '@/lib/ledger/quotes/quote-record';
import { asJsonInput } from '@/lib/ledger/json-column';
import { money, toAmount } from '@/lib/money';
import { compareDates, isIsoDate } from '@/lib/rating/dates';
import { businessToday } from '@/lib/ledger/today';
import { Prisma } from '@/lib/db/generated/client';
import { chargedParts } from './charged';
import type { CalculationResult } from '@/lib/rating/types';
import {
  assertEffectiveDate,
  assertPolicyAction,
  findPolicy,
  lockPolicy,
  ratesOf,
  settingsOf,
  termOf,
  versionInForce,
  type PendingTermination,
  type PolicyRecord,
} from './policy-record';
import { settleAfterScheduleChange } from '@/lib/ledger/payments/settle';
import { postAdjustment, settleOpenInstalments } from './post-adjustment';
import { addParts, negateParts, partsAsAmounts, type PremiumAmounts } from './premium-parts';
import { mtaInvoiceOf } from './out-of-sequence';
import { reverseAdjustment } from './reverse-adjustment';
import { assertTerminationReason } from './termination-reason';
import { terminationRefund, type TerminationType } from './termination-refund';

export interface TerminatePolicyInput {
  tenantId: string;
  id: string;
  actor: string;
  /** Required for pro-rata and short-rate; flat is always from inception. */
  effectiveDate?: string;
  /** A code from the product's termination reasons. */
  reason: string;
  /** Free text beside the reason code. */
  note?: string;
  terminationType: TerminationType;
  dryRun: boolean;
  ifMatch: string | null;
  today?: string;
}

/**
 * POST /policies/{id}/terminate (API-CONTRACT §5, DOMAIN.md §5). The dry run answers the
 * preview. Applying voids the money of any MTA dated after the effective date (out of sequence),
 * posts the credit note on the premium in force at the effective date, sets the return against
 * the schedule, and ends the policy now (effective today or earlier) or marks it
 * `pending-termination` until the date.
 */
export async function terminatePolicy(tx: Tx, input: TerminatePolicyInput) {
  const row = input.dryRun ? await findPolicy(tx, input.tenantId, input.id) : await lockPolicy(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  assertTerminationReason(row.productCode, input.reason);
  const today = input.today ?? (await businessToday(tx, row.tenantId, row.productCode));
  const effectiveDate = resolveEffectiveDate(row, input);
  const action = compareDates(effectiveDate, today) > 0 ? 'schedule-termination' : 'terminate';
  assertPolicyAction(row, action);
  const later = await laterMtas(tx, row, effectiveDate);
  if (input.dryRun) {
    // A preview must not move money: the MTAs it would void are taken out of what was charged.
    const charged = await chargedParts(tx, row.tenantId, row.id);
    const voided = await Promise.all(later.map((version) => versionMoney(tx, row, version.version)));
    const outcome = await priceTermination(tx, row, { ...input, effectiveDate, requestDate: today }, subtractAll(charged, voided));
    return { dryRun: true as const, row, preview: outcome.preview, creditNoteNumber: null, balanceDue: null, schedule: null };
  }
  const applied = await recordTermination(tx, row, {
    effectiveDate,
    reason: input.reason,
    ...(input.note ? { note: input.note } : {}),
    terminationType: input.terminationType,
    requestDate: today,
    actor: input.actor,
    today,
    later: later.map((version) => version.version),
  });
  return { dryRun: false as const, ...applied };
}

function resolveEffectiveDate(row: PolicyRecord, input: TerminatePolicyInput): string {
  const term = termOf(row);
  if (input.terminationType === 'flat') {
    if (input.effectiveDate !== undefined && input.effectiveDate !== term.inception) {
      throw new ValidationFailed('A flat termination is effective from inception', [
        { path: '/effectiveDate', message: `must be the inception date ${term.inception} or left out` },
      ]);
    }
    return term.inception;
  }
  if (input.effectiveDate === undefined) {
    throw new ValidationFailed('The effective date is required', [
      { path: '/effectiveDate', message: 'required for pro-rata and short-rate' },
    ]);
  }
  // On or before inception: cancellation from inception (not taken up), flat from inception.
  if (isIsoDate(input.effectiveDate) && compareDates(input.effectiveDate, term.inception) <= 0) return term.inception;
  // Out of sequence is allowed: an MTA dated after it is voided (DOMAIN.md §5).
  assertEffectiveDate(input.effectiveDate, term, term.inception);
  return input.effectiveDate;
}

/** Counting MTAs effective after the date, latest first: a termination before them voids their money. */
async function laterMtas(tx: Tx, row: PolicyRecord, effectiveDate: string) {
  return tx.policyVersion.findMany({
    where: {
      tenantId: row.tenantId,
      policyId: row.id,
      kind: 'mta',
      version: { notIn: row.voidedVersions },
      effectiveFrom: { gt: new Date(`${effectiveDate}T00:00:00Z`) },
    },
    orderBy: { version: 'desc' },
    select: { version: true },
  });
}

/** The premium movement one version booked (zero when it had none). */
async function versionMoney(tx: Tx, row: PolicyRecord, version: number) {
  const invoice = await mtaInvoiceOf(tx, row, version);
  return invoice ? chargedParts(tx, row.tenantId, row.id, invoice.journalEntryId) : null;
}

function subtractAll(charged: PremiumAmounts, voided: (PremiumAmounts | null)[]): PremiumAmounts {
  return voided.reduce<PremiumAmounts>((sum, parts) => (parts ? addParts(sum, negateParts(parts)) : sum), charged);
}

interface TerminationTerms {
  effectiveDate: string;
  reason: string;
  note?: string;
  terminationType: TerminationType;
  requestDate: string;
}

async function priceTermination(tx: Tx, row: PolicyRecord, terms: TerminationTerms, charged: PremiumAmounts) {
  const inForce = await versionInForce(tx, row, terms.effectiveDate);
  const calculation = inForce.calculation as unknown as CalculationResult;
  const settings = settingsOf(row);
  const outcome = terminationRefund({
    type: terms.terminationType,
    ...termOf(row),
    effectiveDate: terms.effectiveDate,
    requestDate: terms.requestDate,
    termNet: money(calculation.data.net),
    charged,
    rates: ratesOf(row),
    coolingOffDays: settings.coolingOffDays,
    ...(settings.coolingOffExclusions ? { coolingOffExclusions: settings.coolingOffExclusions } : {}),
    shortRateTable: settings.shortRateTable,
    inceptionFees: settings.cancellationFromInception.fees,
  });
  const preview = {
    effectiveDate: outcome.effectiveDate,
    reason: terms.reason,
    terminationType: outcome.requestedType,
    appliedType: outcome.appliedType,
    coolingOff: outcome.coolingOff,
    cancellationFromInception: outcome.fromInception,
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
  return { outcome, preview, inForce, calculation };
}

export interface RecordTerminationInput extends TerminationTerms {
  actor: string;
  today: string;
  /** MTA versions dated after the effective date, latest first: their money is reversed first. */
  later: number[];
}

/**
 * Writes a termination: the voided MTAs' reversals, the termination version, the credit note with
 * its journal entry, the settled schedule, the policy's new state and the event. Also used to put
 * a pending termination back after an MTA dated before it.
 */
export async function recordTermination(tx: Tx, row: PolicyRecord, input: RecordTerminationInput) {
  const version = row.currentVersion + 1;
  const reversals: string[] = [];
  for (const voided of input.later) {
    // The MTA's own movement: its version may also hold reversals it caused (out-of-sequence.ts).
    const invoice = await mtaInvoiceOf(tx, row, voided);
    if (invoice) {
      const reversal = await reverseAdjustment(tx, {
        tenantId: row.tenantId,
        policyId: row.id,
        invoiceId: invoice.id,
        policyVersion: version,
        journalKind: 'mta-void',
        description: `Mid-term adjustment of version ${voided} void: the policy ends on ${input.effectiveDate}, before it`,
      });
      reversals.push(reversal.invoiceNumber);
    }
  }
  const charged = await chargedParts(tx, row.tenantId, row.id);
  const { outcome, preview, inForce, calculation } = await priceTermination(tx, row, input, charged);
  // With voided MTAs the data in force on the date comes back; otherwise the latest data stays.
  const data = input.later.length > 0 ? inForce.data : row.data;
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'termination',
      effectiveFrom: new Date(`${outcome.effectiveDate}T00:00:00Z`),
      data: asJsonInput(data),
      calculation: asJsonInput(calculation),
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
  const settled = await settleOpenInstalments(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    invoiceId: creditNote.invoiceId,
    currency: calculation.data.currency,
    returned: outcome.refund,
    effectiveDate: outcome.effectiveDate,
    creditDueDate: compareDates(outcome.effectiveDate, input.today) > 0 ? outcome.effectiveDate : input.today,
  });
  await settleAfterScheduleChange(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    currency: calculation.data.currency,
    occasion: 'termination',
  });
  const pending = compareDates(outcome.effectiveDate, input.today) > 0;
  const pendingTermination: PendingTermination | null = pending
    ? {
        effectiveDate: outcome.effectiveDate,
        reason: input.reason,
        ...(input.note ? { note: input.note } : {}),
        terminationType: input.terminationType,
        requestDate: input.requestDate,
        version,
        creditNoteId: creditNote.invoiceId,
      }
    : null;
  const updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      policyStatus: assertPolicyAction(row, pending ? 'schedule-termination' : 'terminate'),
      terminatedAt: new Date(`${outcome.effectiveDate}T00:00:00Z`),
      pendingTermination: pendingTermination ? asJsonInput(pendingTermination) : Prisma.DbNull,
      data: asJsonInput(data),
      calculation: asJsonInput(calculation),
      currentVersion: version,
      ...(input.later.length > 0 ? { voidedVersions: { push: input.later } } : {}),
      revision: { increment: 1 },
    },
  });
  const schedule = {
    steps: settled.steps.map((step) => ({ dueDate: step.dueDate, before: toAmount(step.before), after: toAmount(step.after) })),
    credit: toAmount(settled.credit),
    voidedVersions: input.later.map(String),
    reversals,
  };
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.terminated',
    actor: input.actor,
    before: { policyStatus: row.policyStatus, version: row.currentVersion },
    after: { policyStatus: updated.policyStatus, version, terminatedAt: outcome.effectiveDate },
    data: {
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
      terminationType: outcome.requestedType,
      appliedType: outcome.appliedType,
      coolingOff: outcome.coolingOff,
      pending,
      returnPremium: preview.returnPremium,
      creditNoteNumber: creditNote.invoiceNumber,
      cancelledInstalments: settled.cancel.length,
      balanceDue: toAmount(settled.balanceDue),
      schedule,
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
    row: updated as PolicyRecord,
    preview,
    creditNoteNumber: creditNote.invoiceNumber,
    balanceDue: toAmount(settled.balanceDue),
    schedule,
  };
}

/**
 * Takes a pending termination's money off the policy: its credit note reversed (the schedule
 * reopened as it was) and its version listed as void. The caller sets the state and records why.
 */
export async function reverseTermination(tx: Tx, row: PolicyRecord, pending: PendingTermination, version: number) {
  const reversal = await reverseAdjustment(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    invoiceId: pending.creditNoteId,
    policyVersion: version,
    journalKind: 'termination-withdrawal',
    description: `Termination from ${pending.effectiveDate} withdrawn`,
  });
  await tx.policy.update({ where: { id: row.id }, data: { voidedVersions: { push: pending.version } } });
  return reversal;
}
