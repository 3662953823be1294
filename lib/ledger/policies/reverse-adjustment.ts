import type { Tx } from '@/lib/db/client';
import { postJournalEntry, type Account } from '@/lib/ledger/billing/journal';
import { nextInvoiceNumber } from '@/lib/ledger/sequences';
import { settleAfterReversal } from '@/lib/ledger/payments/settle';
import type { AdjustmentKind, PostedAdjustment } from './post-adjustment';

// Voiding a premium movement without deleting it (a withdrawn termination, an MTA made void by an
// earlier termination): a new entry posts every line of the original on the other side, under an
// invoice (reversing a credit note) or a credit note (reversing an invoice) of its own; the
// instalments the movement created are cancelled and the ones it cancelled are reopened, so the
// schedule is exactly what it was before. Movements are reversed latest first.

export interface ReverseAdjustmentInput {
  tenantId: string;
  policyId: string;
  /** The invoice or credit note of the movement being reversed. */
  invoiceId: string;
  policyVersion: number;
  journalKind: string;
  description: string;
}

export async function reverseAdjustment(tx: Tx, input: ReverseAdjustmentInput): Promise<PostedAdjustment> {
  const original = await tx.invoice.findFirstOrThrow({
    where: { id: input.invoiceId, tenantId: input.tenantId, policyId: input.policyId },
  });
  const lines = original.journalEntryId
    ? await tx.journalLine.findMany({ where: { tenantId: input.tenantId, entryId: original.journalEntryId } })
    : [];
  const kind: AdjustmentKind = original.kind === 'credit-note' ? 'adjustment' : 'credit-note';
  const issuedAt = new Date();
  const invoiceNumber = await nextInvoiceNumber(tx, input.tenantId, issuedAt.getUTCFullYear());
  const journalEntryId = await postJournalEntry(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    kind: input.journalKind,
    description: `${input.description}: reverses ${original.number}, ${kind === 'credit-note' ? 'credit note' : 'invoice'} ${invoiceNumber}`,
    currency: original.currency,
    lines: lines.map((line) => ({ account: line.account as Account, debit: line.credit.toString(), credit: line.debit.toString() })),
  });
  const invoice = await tx.invoice.create({
    data: {
      tenantId: input.tenantId,
      policyId: input.policyId,
      number: invoiceNumber,
      kind,
      policyVersion: input.policyVersion,
      currency: original.currency,
      issuedAt,
      journalEntryId,
    },
    select: { id: true },
  });
  await tx.instalment.updateMany({
    // Paid ones too: what was paid on them goes back to credit when the balance is settled below.
    where: { tenantId: input.tenantId, policyId: input.policyId, invoiceId: original.id, status: { in: ['open', 'paid'] } },
    data: { status: 'cancelled', cancelledByInvoiceId: invoice.id },
  });
  await tx.instalment.updateMany({
    where: { tenantId: input.tenantId, policyId: input.policyId, cancelledByInvoiceId: original.id, status: 'cancelled' },
    data: { status: 'open', cancelledByInvoiceId: null },
  });
  await settleAfterReversal(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    currency: original.currency,
    reversedInvoiceId: original.id,
    reversalInvoiceId: invoice.id,
  });
  return { invoiceId: invoice.id, invoiceNumber, kind };
}
