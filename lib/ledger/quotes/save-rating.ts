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
  /** The row as saved, its JSON values as a jsonb column gives them back (through JSON). */
  row: QuoteRecord;
  /** The update that saves it. */
  statement: Prisma.Sql;
}

/**
 * The locked row with its enrichment done and, when it was rated, its price and state. A referral
 * stays as it was unless the rating gave one.
 */
export function ratedQuote(row: QuoteViewRecord, enrichment: Record<string, unknown>, outcome: RatingOutcome): RatedQuote;
/** Without a rating the row keeps its price, so it must have been read with it. */
export function ratedQuote(row: QuoteRecord, enrichment: Record<string, unknown>, outcome: RatingOutcome | null): RatedQuote;
export function ratedQuote(row: QuoteViewRecord, enrichment: Record<string, unknown>, outcome: RatingOutcome | null): RatedQuote {
  const now = new Date();
  // A row read without its price is only ever given with a rating, which sets the price below.
  const saved: QuoteRecord = { calculation: null, ...row, enrichmentState: 'done', updatedAt: now };
  const sets = [Prisma.sql`"enrichmentState" = ${'done'}`, Prisma.sql`"updatedAt" = ${now}::timestamptz`];
  if (row.enrichmentState !== 'done' || enrichment !== row.enrichment) {
    const { text, stored } = jsonColumn(enrichment);
    saved.enrichment = stored;
    sets.push(Prisma.sql`"enrichment" = ${text}::jsonb`);
  }
  if (outcome) {
    saved.calculation = JSON.parse(outcome.calculationText) as Prisma.JsonValue;
    saved.calculatedAt = now;
    saved.status = outcome.state;
    sets.push(
      Prisma.sql`"calculation" = ${outcome.calculationText}::jsonb`,
      Prisma.sql`"calculatedAt" = ${now}::timestamptz`,
      Prisma.sql`"status" = ${outcome.state}`,
    );
    if (outcome.referral && outcome.referral !== (row.referral as ReferralRecord | null)) {
      const { text, stored } = jsonColumn(outcome.referral);
      saved.referral = stored;
      sets.push(Prisma.sql`"referral" = ${text}::jsonb`);
    }
  }
  return {
    row: saved,
    statement: Prisma.sql`UPDATE "Policy" SET ${Prisma.join(sets, ', ')} WHERE "id" = ${row.id}::uuid AND "tenantId" = ${row.tenantId}::uuid`,
  };
}
