import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import { sqlOf, type SqlTx } from '@/lib/db/sql-tx';
import { balancedLines, type JournalLineInput } from './journal-lines';

// Double entry (DOMAIN.md §10): every money movement is one entry whose lines balance. The lines
// and the balance rule are in journal-lines.ts; this writes them.

export { ACCOUNTS, premiumLines, UnbalancedJournalEntry, type Account, type JournalLineInput, type PremiumParts } from './journal-lines';

export interface JournalEntryInput {
  tenantId: string;
  policyId: string;
  kind: string;
  description: string;
  currency: string;
  lines: JournalLineInput[];
}

/** Writes the entry and its non-zero lines; refuses (and so rolls back the caller) when they do not balance. */
export function postJournalEntry(tx: Tx, entry: JournalEntryInput): Promise<string> {
  return postJournalEntryIn(sqlOf(tx), entry);
}

/** postJournalEntry on either transaction path (lib/db/sql-tx.ts); answers the entry's id. */
export async function postJournalEntryIn(db: SqlTx, entry: JournalEntryInput): Promise<string> {
  const lines = balancedLines(entry.lines);
  const id = randomUUID();
  await db.execute(Prisma.sql`INSERT INTO "JournalEntry" ("id", "tenantId", "policyId", "kind", "description", "currency")
    VALUES (${id}::uuid, ${entry.tenantId}::uuid, ${entry.policyId}::uuid, ${entry.kind}, ${entry.description}, ${entry.currency})`);
  if (lines.length > 0) {
    const rows = lines.map(
      (line) =>
        Prisma.sql`(${entry.tenantId}::uuid, ${id}::uuid, ${line.account}, ${line.debit.toFixed(2)}::numeric, ${line.credit.toFixed(2)}::numeric, ${entry.currency})`,
    );
    await db.execute(Prisma.sql`INSERT INTO "JournalLine" ("tenantId", "entryId", "account", "debit", "credit", "currency")
      VALUES ${Prisma.join(rows)}`);
  }
  return id;
}
