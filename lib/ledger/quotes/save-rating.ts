import { Prisma } from '@/lib/db/generated/client';
import type { QuoteRecord } from './quote-record';
import type { RatingOutcome } from './rate-quote';

// Saving what enrichment and rating worked out (calculate, the background preparation). The new
// row is built here rather than read back from the update, so the answer and the events describe
// the saved quote without a round trip, and the update can travel with COMMIT.

/**
 * The locked row with its enrichment done and, when it was rated, its price and state (JSON values
 * as they are stored: through JSON). A referral stays as it was unless the rating referred the quote.
 */
export function ratedRow(row: QuoteRecord, enrichment: Record<string, unknown>, outcome: RatingOutcome | null): QuoteRecord {
  const now = new Date();
  const enriched = { ...row, enrichment: asStored(enrichment), enrichmentState: 'done', updatedAt: now };
  if (!outcome) return enriched;
  return {
    ...enriched,
    calculation: asStored(outcome.calculation),
    calculatedAt: now,
    status: outcome.state,
    referral: outcome.referral ? asStored(outcome.referral) : row.referral,
  };
}

/** The update that stores a ratedRow. */
export function saveRatingStatement(row: QuoteRecord): Prisma.Sql {
  return Prisma.sql`UPDATE "Policy" SET "enrichment" = ${JSON.stringify(row.enrichment)}::jsonb, "enrichmentState" = ${row.enrichmentState},
      "calculation" = ${jsonOrNull(row.calculation)}::jsonb, "calculatedAt" = ${row.calculatedAt}::timestamptz, "status" = ${row.status},
      "referral" = ${jsonOrNull(row.referral)}::jsonb, "updatedAt" = ${row.updatedAt}::timestamptz
    WHERE "id" = ${row.id}::uuid AND "tenantId" = ${row.tenantId}::uuid`;
}

/** A value as a jsonb column gives it back: through JSON. */
export function asStored(value: unknown): Prisma.JsonValue {
  return JSON.parse(JSON.stringify(value)) as Prisma.JsonValue;
}

function jsonOrNull(value: Prisma.JsonValue | null): string | null {
  return value === null ? null : JSON.stringify(value);
}
