import type { Tx } from '@/lib/db/client';
import { money, ZERO } from '@/lib/money';
import { ACCOUNTS } from '@/lib/ledger/billing/journal';
import type { PremiumAmounts } from './premium-parts';

// What the journal shows was charged on a policy, part by part: the net of every premium,
// adjustment and return entry. Refunds are bounded by it.

/** With `entryId`, the parts of that one entry only. */
export async function chargedParts(tx: Tx, tenantId: string, policyId: string, entryId?: string): Promise<PremiumAmounts> {
  const rows = await tx.$queryRaw<{ account: string; debit: string; credit: string }[]>`
    SELECT l."account", SUM(l."debit")::text AS "debit", SUM(l."credit")::text AS "credit"
    FROM "JournalLine" l JOIN "JournalEntry" e ON e."id" = l."entryId"
    WHERE e."tenantId" = ${tenantId}::uuid AND e."policyId" = ${policyId}::uuid AND l."tenantId" = ${tenantId}::uuid
      AND (${entryId ?? null}::uuid IS NULL OR e."id" = ${entryId ?? null}::uuid)
    GROUP BY l."account"`;
  return partsOf(rows);
}

function partsOf(rows: readonly { account: string; debit: string; credit: string }[]): PremiumAmounts {
  const credit = (account: string) => {
    const row = rows.find((r) => r.account === account);
    return row ? money(row.credit).minus(row.debit) : ZERO;
  };
  const insurerNet = credit(ACCOUNTS.insurer);
  const brokerCommission = credit(ACCOUNTS.broker);
  const mgaCommission = credit(ACCOUNTS.mga);
  const net = insurerNet.plus(brokerCommission).plus(mgaCommission);
  const tax = credit(ACCOUNTS.tax);
  const fees = credit(ACCOUNTS.fees);
  // The payable from its parts, not the receivable's balance: payments and credit move the
  // receivable too (lib/ledger/payments), and they are no premium charged.
  return { net, tax, fees, brokerCommission, mgaCommission, insurerNet, payable: net.plus(tax).plus(fees) };
}

/**
 * What was charged up to and including one policy version: the entries of the invoices and
 * credit notes of versions 1…version (a document of that version prints this, whenever it is
 * rendered). Payments and credit touch no premium account, so only premium movements count.
 */
export async function chargedThroughVersion(tx: Tx, tenantId: string, policyId: string, version: number): Promise<PremiumAmounts> {
  const rows = await tx.$queryRaw<{ account: string; debit: string; credit: string }[]>`
    SELECT l."account", SUM(l."debit")::text AS "debit", SUM(l."credit")::text AS "credit"
    FROM "JournalLine" l JOIN "Invoice" i ON i."journalEntryId" = l."entryId"
    WHERE i."tenantId" = ${tenantId}::uuid AND i."policyId" = ${policyId}::uuid AND l."tenantId" = ${tenantId}::uuid
      AND i."policyVersion" <= ${version}
    GROUP BY l."account"`;
  return partsOf(rows);
}
