import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { asJsonInput } from '@/lib/ledger/json-column';
import { chargedParts } from './charged';
import { openPolicyChange, pendingTerminationOf, type PolicyRecord } from './policy-record';
import { negateParts, partsAsAmounts } from './premium-parts';
import { reverseTermination } from './terminate-policy';

export interface WithdrawTerminationInput {
  tenantId: string;
  id: string;
  actor: string;
  dryRun: boolean;
  ifMatch: string | null;
}

/**
 * POST /policies/{id}/terminate/withdraw (API-CONTRACT §5): while a termination waits for its
 * date, the customer may change their mind. The credit note is reversed by an invoice, the
 * schedule reopened exactly as it was, and the policy is active again under a new version.
 * The dry run answers what would be charged back.
 */
export async function withdrawTermination(tx: Tx, input: WithdrawTerminationInput) {
  const { row, next } = await openPolicyChange(tx, input, 'withdraw-termination');
  const pending = pendingTerminationOf(row);
  if (!pending) throw new Error(`policy ${row.id} is pending termination without its terms`);
  const creditNote = await tx.invoice.findFirstOrThrow({ where: { id: pending.creditNoteId, tenantId: row.tenantId } });
  const returned = creditNote.journalEntryId ? await chargedParts(tx, row.tenantId, row.id, creditNote.journalEntryId) : null;
  const preview = {
    effectiveDate: pending.effectiveDate,
    reason: pending.reason,
    terminationType: pending.terminationType,
    creditNoteNumber: creditNote.number,
    // What the credit note returned (booked as negative parts), charged again.
    charge: returned ? partsAsAmounts(negateParts(returned)) : null,
  };
  if (input.dryRun) return { dryRun: true as const, row, preview, invoiceNumber: null };

  const version = row.currentVersion + 1;
  const reversal = await reverseTermination(tx, row, pending, version);
  await tx.policyVersion.create({
    data: {
      tenantId: row.tenantId,
      policyId: row.id,
      version,
      kind: 'termination-withdrawn',
      effectiveFrom: new Date(`${pending.effectiveDate}T00:00:00Z`),
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
      revision: { increment: 1 },
    },
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.termination-withdrawn',
    actor: input.actor,
    before: { policyStatus: row.policyStatus, version: row.currentVersion, terminatedAt: pending.effectiveDate },
    after: { policyStatus: next, version },
    data: { ...preview, invoiceNumber: reversal.invoiceNumber },
  });
  await publishChange(tx, `policy:${row.id}`);
  return { dryRun: false as const, row: updated as PolicyRecord, preview, invoiceNumber: reversal.invoiceNumber };
}
