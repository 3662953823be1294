import type { Tx } from '@/lib/db/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { checkIfMatch, customerNameOf, quoteData, type QuoteData } from '@/lib/ledger/quotes/quote-record';
import { asJsonInput } from '@/lib/ledger/json-column';
import { getProduct } from '@/lib/products/registry';
import { changedPaths, valueAt } from '@/lib/products/paths';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import { compareDates } from '@/lib/rating/dates';
import type { CalculationResult } from '@/lib/rating/types';
import { businessToday } from '@/lib/ledger/today';
import { Prisma } from '@/lib/db/generated/client';
import { mergePolicyChange, type PolicyPatch } from './policy-change';
import {
  assertEffectiveDate,
  assertPolicyAction,
  calculationOf,
  findPolicy,
  lockPolicy,
  pendingTerminationOf,
  ratesOf,
  termOf,
  type PolicyRecord,
} from './policy-record';
import { settleAfterScheduleChange } from '@/lib/ledger/payments/settle';
import { postAdjustment, respreadOpenInstalments } from './post-adjustment';
import { applyPaths, planReplay, type LaterMta, type ReplayPlan } from './out-of-sequence';
import { addParts, negateParts, partsAsAmounts, ZERO_PARTS, type PremiumAmounts } from './premium-parts';
import { mtaAdjustment, type MtaAdjustment } from './pro-rata';
import { reverseAdjustment } from './reverse-adjustment';
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

/** One premium step of an MTA: the new change, or a later MTA applied again on top of it. */
interface MtaStep {
  effectiveDate: string;
  data: QuoteData;
  calculation: CalculationResult;
  previous: CalculationResult;
  adjustment: MtaAdjustment;
  changed: string[];
  /** The later MTA this step applies again (null for the new change). */
  replays: LaterMta | null;
}

/**
 * POST /policies/{id}/mta (API-CONTRACT §5): re-rate the changed data, price the difference
 * pro-rata by days from the effective date, and (unless a dry run) write the next version, the
 * adjustment invoice or credit note, its journal entry and the re-spread instalments. Dated
 * before a later MTA (out of sequence), the later MTAs' money is reversed and each is applied
 * again on top of the new change as a version of its own, re-priced (out-of-sequence.ts).
 */
export async function applyMta(tx: Tx, input: ApplyMtaInput) {
  const row = input.dryRun ? await findPolicy(tx, input.tenantId, input.id) : await lockPolicy(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  assertPolicyAction(row, 'mta');
  const today = input.today ?? (await businessToday(tx, row.tenantId, row.productCode));
  const term = termOf(row);
  assertEffectiveDate(input.effectiveDate, term, term.inception);
  const pending = pendingTerminationOf(row);
  if (pending) assertBeforeTermination(input.effectiveDate, pending.effectiveDate);
  const replay = await planReplay(tx, row, input.effectiveDate);
  const steps = priceSteps(row, input, replay);
  const first = steps[0]!;
  const reversed = (replay?.later ?? []).map((later) => later.invoice?.money ?? null);
  const net = steps.reduce(
    (sum, step) => addParts(sum, step.adjustment.parts),
    reversed.reduce<PremiumAmounts>((sum, parts) => (parts ? addParts(sum, negateParts(parts)) : sum), ZERO_PARTS),
  );
  const version = row.currentVersion + 1;
  const replayed = (replay?.later ?? []).map((later, i) => {
    const step = steps[i + 1]!;
    return {
      version: String(later.version),
      replayedAs: input.dryRun ? null : String(version + i + 1),
      effectiveDate: later.effectiveDate,
      changed: step.changed,
      previousTermNet: step.previous.data.net,
      newTermNet: step.calculation.data.net,
      reversed: partsAsAmounts(later.invoice?.money ?? ZERO_PARTS),
      adjustment: partsAsAmounts(step.adjustment.parts),
    };
  });
  const preview = {
    effectiveDate: input.effectiveDate,
    termDays: first.adjustment.termDays,
    daysRemaining: first.adjustment.daysRemaining,
    currency: first.calculation.data.currency,
    previousTermNet: first.previous.data.net,
    newTermNet: first.calculation.data.net,
    adjustment: partsAsAmounts(first.adjustment.parts),
    kind: net.payable.isZero() ? 'none' : net.payable.isPositive() ? 'additional-premium' : 'return-premium',
    changed: first.changed,
    outOfSequence: replay !== null,
    voidedVersions: replayed.map((entry) => entry.version),
    replayed,
    net: partsAsAmounts(net),
  };
  if (input.dryRun) return { dryRun: true as const, row, preview, invoiceNumber: null };

  // A termination waiting for its date is taken off first and put back after the MTA, so that
  // its return is computed on the adjusted premium, as if the MTA had come first.
  if (pending) await reverseTermination(tx, row, pending, version);
  const reversals: string[] = [];
  for (const later of [...(replay?.later ?? [])].reverse()) {
    if (!later.invoice) continue;
    const reversal = await reverseAdjustment(tx, {
      tenantId: row.tenantId,
      policyId: row.id,
      invoiceId: later.invoice.id,
      policyVersion: version,
      journalKind: 'mta-void',
      description: `Mid-term adjustment of version ${later.version} applied again after the adjustment from ${input.effectiveDate}`,
    });
    reversals.push(reversal.invoiceNumber);
  }
  const invoiceNumbers: (string | null)[] = [];
  for (const [i, step] of steps.entries()) {
    invoiceNumbers.push(await recordStep(tx, row, step, version + i, today, input.actor));
  }
  const last = steps[steps.length - 1]!;
  const lastVersion = version + steps.length - 1;
  let updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      ...(pending ? { policyStatus: 'active', pendingTermination: Prisma.DbNull } : {}),
      data: asJsonInput(last.data),
      calculation: asJsonInput(last.calculation),
      calculatedAt: new Date(),
      currentVersion: lastVersion,
      customerName: customerNameOf(last.data),
      ...(replay ? { voidedVersions: { push: replay.later.map((later) => later.version) } } : {}),
      revision: { increment: 1 },
    },
  });
  const invoiceNumber = invoiceNumbers[0] ?? null;
  const before = quoteData(row);
  const changed = [...new Set(steps.flatMap((step) => step.changed))];
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.mta',
    actor: input.actor,
    before: { version: row.currentVersion, ...changedValues(before, changed) },
    after: { version: lastVersion, ...changedValues(last.data, changed) },
    data: {
      effectiveDate: input.effectiveDate,
      adjustment: preview.adjustment,
      invoiceNumber,
      ...(replay
        ? {
            outOfSequence: true,
            net: preview.net,
            reversals,
            replayed: replayed.map((entry, i) => ({ ...entry, invoiceNumber: invoiceNumbers[i + 1] ?? null })),
          }
        : {}),
    },
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
  return {
    dryRun: false as const,
    row: updated as PolicyRecord,
    preview: { ...preview, replayed: replayed.map((entry, i) => ({ ...entry, invoiceNumber: invoiceNumbers[i + 1] ?? null })) },
    invoiceNumber,
  };
}

/** The new change on the data in force on its date, then each later MTA's own fields on top, each re-rated. */
function priceSteps(row: PolicyRecord, input: ApplyMtaInput, replay: ReplayPlan | null): MtaStep[] {
  const previous = replay?.previous ?? calculationOf(row);
  const change = mergePolicyChange(replay ? { ...row, data: replay.base as unknown as PolicyRecord['data'] } : row, input.patch);
  const steps: MtaStep[] = [priceStep(row, input.effectiveDate, change.after, change.changed, previous, null)];
  for (const later of replay?.later ?? []) {
    const before = steps[steps.length - 1]!;
    const data = applyPaths(before.data, later.data, later.changed);
    steps.push(priceStep(row, later.effectiveDate, data, changedPaths(before.data, data), before.calculation, later));
  }
  return steps;
}

function priceStep(
  row: PolicyRecord,
  effectiveDate: string,
  data: QuoteData,
  changed: string[],
  previous: CalculationResult,
  replays: LaterMta | null,
): MtaStep {
  const calculation = calculatePremium({
    product: getProduct(row.productCode),
    data: { product: row.productCode, ...data },
    enrichment: row.enrichment as Record<string, unknown>,
    plan: previous.data.paymentPlan,
  });
  if (calculation.referrals.length > 0) {
    throw new ValidationFailed(
      replays
        ? `Applied again after this change, the adjustment of version ${replays.version} is outside the delegated authority; it needs an underwriter`
        : 'The adjusted policy is outside the delegated authority; it needs an underwriter',
      calculation.referrals.map((referral) => ({ path: referral.path ?? '', message: referral.message })),
    );
  }
  const adjustment = mtaAdjustment({
    ...termOf(row),
    effectiveDate,
    oldNet: previous.data.net,
    newNet: calculation.data.net,
    rates: ratesOf(row),
  });
  return { effectiveDate, data, calculation, previous, adjustment, changed, replays };
}

/** Writes one step's version, its invoice or credit note and the re-spread schedule; answers the invoice number. */
async function recordStep(tx: Tx, row: PolicyRecord, step: MtaStep, version: number, today: string, actor: string): Promise<string | null> {
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'mta',
      effectiveFrom: new Date(`${step.effectiveDate}T00:00:00Z`),
      data: asJsonInput(step.data),
      calculation: asJsonInput(step.calculation),
      createdBy: actor,
      replaysVersion: step.replays?.version ?? null,
    },
  });
  let invoice: { invoiceId: string; invoiceNumber: string } | null = null;
  if (!step.adjustment.parts.payable.isZero()) {
    const currency = step.calculation.data.currency;
    invoice = await postAdjustment(tx, {
      tenantId: row.tenantId,
      policyId: row.id,
      policyVersion: version,
      currency,
      parts: step.adjustment.parts,
      journalKind: 'mta',
      description: step.replays
        ? `Mid-term adjustment of version ${step.replays.version} applied again as version ${version} from ${step.effectiveDate}`
        : `Mid-term adjustment, policy version ${version} from ${step.effectiveDate}`,
    });
    await respreadOpenInstalments(tx, {
      tenantId: row.tenantId,
      policyId: row.id,
      invoiceId: invoice.invoiceId,
      currency,
      adjustment: step.adjustment.parts,
      effectiveDate: step.effectiveDate,
      today,
    });
    await settleAfterScheduleChange(tx, { tenantId: row.tenantId, policyId: row.id, currency, occasion: 'mid-term adjustment' });
  }
  await queueDocuments(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    occasion: 'mta',
    policyVersion: version,
    ...(invoice ? { invoiceId: invoice.invoiceId } : {}),
  });
  return invoice?.invoiceNumber ?? null;
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
