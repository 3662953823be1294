import type { Tx } from '@/lib/db/client';
import { money } from '@/lib/money';
import { postJournalEntry, premiumLines } from '@/lib/ledger/billing/journal';
import { nextInvoiceNumber } from '@/lib/ledger/sequences';
import { journalParts, type PremiumAmounts } from './premium-parts';
import { isoDay } from './policy-record';
import { respreadInstalments } from './respread';
import { settleTermination, type TerminationSettlement } from './termination-schedule';

// Books a premium movement after issue: one balanced journal entry, the invoice (an additional
// premium) or credit note (a return) that points at it, and the instalments that follow.

export type AdjustmentKind = 'adjustment' | 'credit-note';

export interface PostAdjustmentInput {
  tenantId: string;
  policyId: string;
  policyVersion: number;
  currency: string;
  /** Signed: positive is charged, negative returned. */
  parts: PremiumAmounts;
  journalKind: string;
  description: string;
  /** Force a credit note even for a zero movement (a termination always has one). */
  kind?: AdjustmentKind;
}

export interface PostedAdjustment {
  invoiceId: string;
  invoiceNumber: string;
  kind: AdjustmentKind;
}

export async function postAdjustment(tx: Tx, input: PostAdjustmentInput): Promise<PostedAdjustment> {
  const { parts, sign } = journalParts(input.parts);
  const kind: AdjustmentKind = input.kind ?? (sign === 1 ? 'adjustment' : 'credit-note');
  const issuedAt = new Date();
  const invoiceNumber = await nextInvoiceNumber(tx, input.tenantId, issuedAt.getUTCFullYear());
  const journalEntryId = await postJournalEntry(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    kind: input.journalKind,
    description: `${input.description}, ${kind === 'credit-note' ? 'credit note' : 'invoice'} ${invoiceNumber}`,
    currency: input.currency,
    lines: premiumLines(parts, sign),
  });
  const invoice = await tx.invoice.create({
    data: {
      tenantId: input.tenantId,
      policyId: input.policyId,
      number: invoiceNumber,
      kind,
      policyVersion: input.policyVersion,
      currency: input.currency,
      issuedAt,
      journalEntryId,
    },
    select: { id: true },
  });
  return { invoiceId: invoice.id, invoiceNumber, kind };
}

export async function openInstalments(tx: Tx, tenantId: string, policyId: string) {
  const rows = await tx.instalment.findMany({
    where: { tenantId, policyId, status: 'open' },
    orderBy: [{ dueDate: 'asc' }, { sequence: 'asc' }],
  });
  return rows.map((row) => ({ id: row.id, dueDate: isoDay(row.dueDate), amount: money(row.amount.toString()) }));
}

export async function createInstalments(
  tx: Tx,
  input: { tenantId: string; policyId: string; invoiceId: string; currency: string },
  entries: { dueDate: string; amount: ReturnType<typeof money> }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.instalment.createMany({
    data: entries.map((entry, i) => ({
      tenantId: input.tenantId,
      policyId: input.policyId,
      invoiceId: input.invoiceId,
      sequence: i + 1,
      dueDate: new Date(`${entry.dueDate}T00:00:00Z`),
      amount: entry.amount.toFixed(2),
      currency: input.currency,
    })),
  });
}

/** MTA: the open instalments take the adjustment; replaced ones are cancelled, new ones belong to the adjustment's invoice. */
export async function respreadOpenInstalments(
  tx: Tx,
  input: {
    tenantId: string;
    policyId: string;
    invoiceId: string;
    currency: string;
    adjustment: PremiumAmounts;
    effectiveDate: string;
    today: string;
  },
): Promise<void> {
  const open = await openInstalments(tx, input.tenantId, input.policyId);
  const fallback = input.effectiveDate > input.today ? input.effectiveDate : input.today;
  const plan = respreadInstalments(open, input.adjustment.payable, input.effectiveDate, fallback);
  await cancelInstalments(tx, input.tenantId, plan.cancel, input.invoiceId);
  await createInstalments(tx, input, plan.create);
}

/**
 * Termination: the return is set against the schedule (termination-schedule.ts). Instalments due
 * before the effective date stay; cancelled ones remember the credit note; reduced ones and the
 * policyholder's credit (a negative amount) belong to it. The receivable equals the open instalments.
 */
export async function settleOpenInstalments(
  tx: Tx,
  input: {
    tenantId: string;
    policyId: string;
    invoiceId: string;
    currency: string;
    returned: PremiumAmounts;
    effectiveDate: string;
    creditDueDate: string;
  },
): Promise<TerminationSettlement & { balanceDue: ReturnType<typeof money> }> {
  const open = await openInstalments(tx, input.tenantId, input.policyId);
  const settlement = settleTermination(open, input.returned.payable, input.effectiveDate, input.creditDueDate);
  await cancelInstalments(tx, input.tenantId, settlement.cancel, input.invoiceId);
  await createInstalments(tx, input, settlement.create);
  const balanceDue = open.reduce((sum, instalment) => sum.plus(instalment.amount), money(0)).minus(input.returned.payable);
  return { ...settlement, balanceDue };
}

export async function cancelInstalments(tx: Tx, tenantId: string, ids: readonly string[], byInvoiceId: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.instalment.updateMany({
    where: { tenantId, id: { in: [...ids] }, status: 'open' },
    data: { status: 'cancelled', cancelledByInvoiceId: byInvoiceId },
  });
}
