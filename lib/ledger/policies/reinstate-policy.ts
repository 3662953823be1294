import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { InvalidState } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { asJsonInput } from '@/lib/ledger/json-column';
import { businessToday } from '@/lib/ledger/today';
import { chargedParts } from './charged';
import { isoDay, openPolicyChange, settingsOf, termOf, type PolicyRecord } from './policy-record';
import { negateParts, partsAsAmounts } from './premium-parts';
import { reinstatementEligibility } from './reinstatement-eligibility';
import { reverseAdjustment } from './reverse-adjustment';

export interface ReinstatePolicyInput {
  tenantId: string;
  id: string;
  actor: string;
  dryRun: boolean;
  ifMatch: string | null;
  today?: string;
}

/**
 * POST /policies/{id}/reinstate (issue 16): a terminated policy (by mistake, or for non-payment
 * and then paid) is put back in force from its termination date, within the product's period
 * and while the term runs. Cover comes back for every day the termination took away, so exactly
 * what the termination returned is charged back: its credit note is reversed by an invoice and the
 * instalments it cancelled or reduced are reopened as they were (money already paid is set
 * against them again). Changes the termination voided stay void: the data in force on the
 * termination date is the data reinstated. The dry run answers the charge.
 */
export async function reinstatePolicy(tx: Tx, input: ReinstatePolicyInput) {
  const { row, next } = await openPolicyChange(tx, input, 'reinstate');
  const today = input.today ?? (await businessToday(tx, row.tenantId, row.productCode));
  const terminatedAt = row.terminatedAt ? isoDay(row.terminatedAt) : null;
  const eligibility = reinstatementEligibility({
    policyStatus: row.policyStatus,
    terminatedAt,
    expiry: termOf(row).expiry,
    windowDays: settingsOf(row).reinstatementDays,
    today,
  });
  if (!eligibility.eligible || terminatedAt === null) {
    throw new InvalidState(`The policy cannot be reinstated: ${eligibility.block ?? 'it is not terminated'}`, row.policyStatus, []);
  }
  const termination = await terminationOf(tx, row);
  const returned = termination.creditNote.journalEntryId
    ? await chargedParts(tx, row.tenantId, row.id, termination.creditNote.journalEntryId)
    : null;
  const preview = {
    effectiveDate: terminatedAt,
    reinstatableUntil: eligibility.until,
    creditNoteNumber: termination.creditNote.number,
    currency: termination.creditNote.currency,
    // What the credit note returned (booked as negative parts), charged again.
    charge: returned ? partsAsAmounts(negateParts(returned)) : null,
  };
  if (input.dryRun) return { dryRun: true as const, row, preview, invoiceNumber: null };

  const version = row.currentVersion + 1;
  const reversal = await reverseAdjustment(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    invoiceId: termination.creditNote.id,
    policyVersion: version,
    journalKind: 'reinstatement',
    description: `Policy reinstated from ${terminatedAt}`,
  });
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'reinstatement',
      effectiveFrom: new Date(`${terminatedAt}T00:00:00Z`),
      data: asJsonInput(row.data),
      calculation: asJsonInput(row.calculation),
      createdBy: input.actor,
    },
  });
  const updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      policyStatus: next,
      terminatedAt: null,
      pendingTermination: Prisma.DbNull,
      currentVersion: version,
      voidedVersions: { push: termination.version },
      revision: { increment: 1 },
    },
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.reinstated',
    actor: input.actor,
    before: { policyStatus: row.policyStatus, version: row.currentVersion, terminatedAt },
    after: { policyStatus: next, version },
    data: { ...preview, invoiceNumber: reversal.invoiceNumber },
  });
  await queueDocuments(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    occasion: 'reinstatement',
    policyVersion: version,
    invoiceId: reversal.invoiceId,
  });
  await publishChange(tx, `policy:${row.id}`);
  return { dryRun: false as const, row: updated as PolicyRecord, preview, invoiceNumber: reversal.invoiceNumber };
}

/** The termination in force: the latest counting termination version and its credit note. */
async function terminationOf(tx: Tx, row: PolicyRecord) {
  const termination = await tx.policyVersion.findFirst({
    where: { tenantId: row.tenantId, policyId: row.id, kind: 'termination', version: { notIn: row.voidedVersions } },
    orderBy: { version: 'desc' },
    select: { version: true },
  });
  if (!termination) throw new Error(`terminated policy ${row.id} has no termination version`);
  // The version also carries the reversals of the MTAs it voided; its own credit note is the one
  // booked on the termination's journal entry.
  const notes = await tx.invoice.findMany({
    where: { tenantId: row.tenantId, policyId: row.id, policyVersion: termination.version, kind: 'credit-note' },
  });
  const entryIds = notes.flatMap((note) => (note.journalEntryId ? [note.journalEntryId] : []));
  const entry = await tx.journalEntry.findFirst({
    where: { tenantId: row.tenantId, id: { in: entryIds }, kind: 'termination' },
    select: { id: true },
  });
  const creditNote = notes.find((note) => note.journalEntryId === entry?.id);
  if (!creditNote) throw new Error(`termination version ${termination.version} of policy ${row.id} has no credit note`);
  return { version: termination.version, creditNote };
}
