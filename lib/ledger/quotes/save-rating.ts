import { Prisma } from '@/lib/db/generated/client';
import { jsonColumn } from '@/lib/ledger/json-column';
import type { QuoteRecord, QuoteViewRecord } from './quote-record';
import type { RatingOutcome, ReferralRecord } from './rate-quote';

// Saving what enrichment and rating worked out (calculate, the background preparation). The new
// row is built here with the update that stores it, so the answer and the events describe the
// saved quote without a round trip, the update can travel with COMMIT, and each JSON value is
// turned into text once. What the row already holds (an enrichment done before, an unchanged
// referral) is not written again.

export interface RatedQuote {
  /**
   * The row as saved, its JSON values as a jsonb column gives them back (through JSON), but for the
   * price: nothing reads a saved calculation back as an object (calculate answers with its text),
   * so the text just made is not parsed again.
   */
  row: QuoteViewRecord;
  /** What the update writes, for a statement that saves several quotes (savedRatingsStatement). */
  changes: RatingChanges;
  /** The update that saves it. */
  statement: Prisma.Sql;
}

/**
 * The columns a saved rating writes for one quote; a column left out keeps what the row holds.
 * JSON values are text, made once.
 */
export interface RatingChanges {
  id: string;
  updatedAt: Date;
  enrichment?: string;
  calculation?: string;
  calculatedAt?: Date;
  status?: string;
  referral?: string;
}

/**
 * The locked row with its enrichment done and, when it was rated, its price and state. A referral
 * stays as it was unless the rating gave one. From a row kept by this process (`kept`: its version,
 * the row's `xmin` when it was saved, and the price it saved) the update touches the row only if
 * it is still that version, and a price equal to the saved one is not written again.
 */
export function ratedQuote(
  row: QuoteViewRecord,
  enrichment: Record<string, unknown>,
  outcome: RatingOutcome | null,
  kept?: { version: string; calculationText: string },
): RatedQuote {
  const now = new Date();
  // A row read with its price (the preparation's lock) does not carry it into the saved row.
  const { calculation: _price, ...view } = row as QuoteViewRecord & Partial<Pick<QuoteRecord, 'calculation'>>;
  const saved: QuoteViewRecord = { ...view, enrichmentState: 'done', updatedAt: now };
  const changes: RatingChanges = { id: row.id, updatedAt: now };
  if (row.enrichmentState !== 'done' || enrichment !== row.enrichment) {
    const { text, stored } = jsonColumn(enrichment);
    saved.enrichment = stored;
    changes.enrichment = text;
  }
  if (outcome) {
    saved.calculatedAt = now;
    saved.status = outcome.state;
    // Left out, an unchanged price keeps its stored (compressed, out of line) value as it is.
    if (outcome.calculationText !== kept?.calculationText) changes.calculation = outcome.calculationText;
    changes.calculatedAt = now;
    changes.status = outcome.state;
    if (outcome.referral && outcome.referral !== (row.referral as ReferralRecord | null)) {
      const { text, stored } = jsonColumn(outcome.referral);
      saved.referral = stored;
      changes.referral = text;
    }
  }
  return { row: saved, changes, statement: savedRatingStatement(row.tenantId, changes, kept?.version) };
}

/** The update of one quote: only the columns that change, and only its saved version where one is given. */
function savedRatingStatement(tenantId: string, changes: RatingChanges, version: string | undefined): Prisma.Sql {
  const sets = [Prisma.sql`"enrichmentState" = ${'done'}`, Prisma.sql`"updatedAt" = ${changes.updatedAt}::timestamptz`];
  if (changes.enrichment !== undefined) sets.push(Prisma.sql`"enrichment" = ${changes.enrichment}::jsonb`);
  if (changes.calculation !== undefined) sets.push(Prisma.sql`"calculation" = ${changes.calculation}::jsonb`);
  if (changes.calculatedAt !== undefined) sets.push(Prisma.sql`"calculatedAt" = ${changes.calculatedAt}::timestamptz`);
  if (changes.status !== undefined) sets.push(Prisma.sql`"status" = ${changes.status}`);
  if (changes.referral !== undefined) sets.push(Prisma.sql`"referral" = ${changes.referral}::jsonb`);
  return Prisma.sql`UPDATE "Policy" SET ${Prisma.join(sets, ', ')} WHERE "id" = ${changes.id}::uuid AND "tenantId" = ${tenantId}::uuid${
    version === undefined ? Prisma.empty : Prisma.sql` AND "xmin" = ${version}::xid`
  }`;
}

/**
 * The updates of several quotes of one tenant as one statement (the background preparation saves
 * a claim's quotes together): PostgreSQL starts one update instead of one a quote. A column a quote
 * does not change is given as NULL and keeps the row's value; none of these columns is ever set
 * to NULL by a rating, so NULL cannot mean anything else.
 */
export function savedRatingsStatement(tenantId: string, changes: readonly RatingChanges[]): Prisma.Sql {
  if (changes.length === 0) throw new Error('No saved rating to write');
  const rows = changes.map(
    (quote) => Prisma.sql`(${quote.id}::uuid, ${quote.updatedAt}::timestamptz, ${quote.enrichment ?? null}::jsonb,
      ${quote.calculation ?? null}::jsonb, ${quote.calculatedAt ?? null}::timestamptz, ${quote.status ?? null}::text,
      ${quote.referral ?? null}::jsonb)`,
  );
  return Prisma.sql`UPDATE "Policy" AS quote SET "enrichmentState" = ${'done'}, "updatedAt" = saved."updatedAt",
      "enrichment" = COALESCE(saved."enrichment", quote."enrichment"), "calculation" = COALESCE(saved."calculation", quote."calculation"),
      "calculatedAt" = COALESCE(saved."calculatedAt", quote."calculatedAt"), "status" = COALESCE(saved."status", quote."status"),
      "referral" = COALESCE(saved."referral", quote."referral")
    FROM (VALUES ${Prisma.join(rows)}) AS saved("id", "updatedAt", "enrichment", "calculation", "calculatedAt", "status", "referral")
    WHERE quote."id" = saved."id" AND quote."tenantId" = ${tenantId}::uuid`;
}
