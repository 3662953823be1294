import type { Tx } from '@/lib/db/client';
import { money } from '@/lib/money';
import type { CalculationResult } from '@/lib/rating/types';
import { nextInvoiceNumber } from '@/lib/ledger/sequences';
import { postJournalEntry, premiumLines } from './journal';

export interface IssueBillingInput {
  tenantId: string;
  policyId: string;
  policyVersion: number;
  calculation: CalculationResult;
  actor: string;
}

export interface IssueBilling {
  invoiceId: string;
  invoiceNumber: string;
}

/** The first invoice of a policy: one journal entry for the term's payable and its instalments as rated. */
export async function createIssueBilling(tx: Tx, input: IssueBillingInput): Promise<IssueBilling> {
  const { data, installments } = input.calculation;
  const issuedAt = new Date();
  const invoiceNumber = await nextInvoiceNumber(tx, input.tenantId, issuedAt.getUTCFullYear());
  const journalEntryId = await postJournalEntry(tx, {
    tenantId: input.tenantId,
    policyId: input.policyId,
    kind: 'premium',
    description: `Premium for policy version ${input.policyVersion}, invoice ${invoiceNumber}`,
    currency: data.currency,
    lines: premiumLines({
      payable: data.payable,
      insurerNet: data.insurerNet,
      brokerCommission: data.brokerCommission,
      mgaCommission: data.mgaCommission,
      tax: data.tax,
      fees: money(data.adminFee).plus(data.instalmentSurcharge),
    }),
  });
  const invoice = await tx.invoice.create({
    data: {
      tenantId: input.tenantId,
      policyId: input.policyId,
      number: invoiceNumber,
      kind: 'premium',
      policyVersion: input.policyVersion,
      currency: data.currency,
      issuedAt,
      journalEntryId,
    },
    select: { id: true },
  });
  await tx.instalment.createMany({
    data: installments.map((instalment) => ({
      tenantId: input.tenantId,
      policyId: input.policyId,
      invoiceId: invoice.id,
      sequence: instalment.sequence,
      dueDate: new Date(`${instalment.dueDate.slice(0, 10)}T00:00:00Z`),
      amount: money(instalment.amount).toFixed(2),
      currency: instalment.currency,
    })),
  });
  return { invoiceId: invoice.id, invoiceNumber };
}
