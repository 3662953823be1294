import { withDatabase } from './db';

// Whole-database checks the reliability tests assert after every storm: money balances,
// nothing issued twice, nothing left pending.

export interface LedgerInvariants {
  /** Journal entries whose debits and credits differ (must be empty). */
  unbalancedEntries: string[];
  /** Policy numbers given to more than one policy (must be empty). */
  duplicatePolicyNumbers: string[];
  /** Policies with more than one version 1 or more than one issue request that succeeded (must be empty). */
  issuedTwice: string[];
  /** Issued policies without their journal (must be empty). */
  issuedWithoutJournal: string[];
  journalEntries: number;
  issuedPolicies: number;
}

export async function ledgerInvariants(): Promise<LedgerInvariants> {
  return withDatabase(async (client) => {
    const unbalanced = await client.query<{ id: string }>(
      `SELECT e.id FROM "JournalEntry" e LEFT JOIN "JournalLine" l ON l."entryId" = e.id
       GROUP BY e.id HAVING coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) OR count(l.id) = 0`,
    );
    const duplicates = await client.query<{ n: string }>(
      `SELECT "policyNumber" AS n FROM "Policy" WHERE "policyNumber" IS NOT NULL GROUP BY "tenantId", "policyNumber" HAVING count(*) > 1`,
    );
    const twice = await client.query<{ id: string }>(
      `SELECT "policyId" AS id FROM "PolicyVersion" WHERE version = 1 GROUP BY "policyId" HAVING count(*) > 1
       UNION
       SELECT "policyId" AS id FROM "Request" WHERE type = 'issue' AND status = 'success' AND "policyId" IS NOT NULL
       GROUP BY "policyId" HAVING count(*) > 1`,
    );
    const withoutJournal = await client.query<{ id: string }>(
      `SELECT p.id FROM "Policy" p WHERE p.status = 'issued'
       AND NOT EXISTS (SELECT 1 FROM "JournalEntry" e WHERE e."policyId" = p.id)`,
    );
    const counts = await client.query<{ entries: string; issued: string }>(
      `SELECT (SELECT count(*) FROM "JournalEntry") AS entries, (SELECT count(*) FROM "Policy" WHERE status = 'issued') AS issued`,
    );
    return {
      unbalancedEntries: unbalanced.rows.map((row) => row.id),
      duplicatePolicyNumbers: duplicates.rows.map((row) => row.n),
      issuedTwice: twice.rows.map((row) => row.id),
      issuedWithoutJournal: withoutJournal.rows.map((row) => row.id),
      journalEntries: Number(counts.rows[0]!.entries),
      issuedPolicies: Number(counts.rows[0]!.issued),
    };
  });
}

/** Asserts every invariant in one place so a failure names all broken ones at once. */
export function brokenInvariants(found: LedgerInvariants): Partial<LedgerInvariants> {
  const broken: Partial<LedgerInvariants> = {};
  if (found.unbalancedEntries.length) broken.unbalancedEntries = found.unbalancedEntries;
  if (found.duplicatePolicyNumbers.length) broken.duplicatePolicyNumbers = found.duplicatePolicyNumbers;
  if (found.issuedTwice.length) broken.issuedTwice = found.issuedTwice;
  if (found.issuedWithoutJournal.length) broken.issuedWithoutJournal = found.issuedWithoutJournal;
  return broken;
}
