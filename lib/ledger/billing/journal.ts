import type { Tx } from '@/lib/db/client';
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
export async function postJournalEntry(tx: Tx, entry: JournalEntryInput): Promise<string> {
  const lines = balancedLines(entry.lines);
  const created = await tx.journalEntry.create({
    data: {
      tenantId: entry.tenantId,
      policyId: entry.policyId,
      kind: entry.kind,
      description: entry.description,
      currency: entry.currency,
    },
    select: { id: true },
  });
  await tx.journalLine.createMany({
    data: lines.map((line) => ({
      tenantId: entry.tenantId,
      entryId: created.id,
      account: line.account,
      debit: line.debit.toFixed(2),
      credit: line.credit.toFixed(2),
      currency: entry.currency,
    })),
  });
  return created.id;
}
