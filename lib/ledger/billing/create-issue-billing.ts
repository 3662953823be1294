import { randomUUID } from 'node:crypto';
import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { money } from '@/lib/money';
import type { CalculationResult } from '@/lib/rating/types';
import { postJournalEntryIn, premiumLines } from './journal';

export interface IssueBillingInput {
  tenantId: string;
  policyId: string;
  policyVersion: number;
  calculation: CalculationResult;
  actor: string;
  /** The invoice number the issue drew (gapless: lib/ledger/sequences.ts). */
  invoiceNumber: string;
  issuedAt: Date;
}

export interface IssueBilling {
  invoiceId: string;
  invoiceNumber: string;
}

/**
 * The first invoice of a policy: one journal entry for the term's payable and its instalments as
 * rated. Only statements whose rows are not read: on tenantWrite they all go with COMMIT.
 */
export async function createIssueBilling(db: SqlTx, input: IssueBillingInput): Promise<IssueBilling> {
  const { data, installments } = input.calculation;
  const { invoiceNumber } = input;
  const journalEntryId = await postJournalEntryIn(db, {
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
  const invoiceId = randomUUID();
  await db.execute(Prisma.sql`INSERT INTO "Invoice" ("id", "tenantId", "policyId", "number", "kind", "policyVersion", "currency", "issuedAt", "journalEntryId")
    VALUES (${invoiceId}::uuid, ${input.tenantId}::uuid, ${input.policyId}::uuid, ${invoiceNumber}, 'premium', ${input.policyVersion},
      ${data.currency}, ${input.issuedAt}::timestamptz, ${journalEntryId}::uuid)`);
  if (installments.length > 0) {
    const rows = installments.map(
      (instalment) =>
        Prisma.sql`(${input.tenantId}::uuid, ${input.policyId}::uuid, ${invoiceId}::uuid, ${instalment.sequence}, ${instalment.dueDate.slice(0, 10)}::date,
          ${money(instalment.amount).toFixed(2)}::numeric, ${instalment.currency})`,
    );
    await db.execute(Prisma.sql`INSERT INTO "Instalment" ("tenantId", "policyId", "invoiceId", "sequence", "dueDate", "amount", "currency")
      VALUES ${Prisma.join(rows)}`);
  }
  return { invoiceId, invoiceNumber };
}
