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
  /** The update that saves it. */
  statement: Prisma.Sql;
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
  const sets = [Prisma.sql`"enrichmentState" = ${'done'}`, Prisma.sql`"updatedAt" = ${now}::timestamptz`];
  if (row.enrichmentState !== 'done' || enrichment !== row.enrichment) {
    const { text, stored } = jsonColumn(enrichment);
    saved.enrichment = stored;
    sets.push(Prisma.sql`"enrichment" = ${text}::jsonb`);
  }
  if (outcome) {
    saved.calculatedAt = now;
    saved.status = outcome.state;
    // Left out, an unchanged price keeps its stored (compressed, out of line) value as it is.
    if (outcome.calculationText !== kept?.calculationText) sets.push(Prisma.sql`"calculation" = ${outcome.calculationText}::jsonb`);
    sets.push(Prisma.sql`"calculatedAt" = ${now}::timestamptz`, Prisma.sql`"status" = ${outcome.state}`);
    if (outcome.referral && outcome.referral !== (row.referral as ReferralRecord | null)) {
      const { text, stored } = jsonColumn(outcome.referral);
      saved.referral = stored;
      sets.push(Prisma.sql`"referral" = ${text}::jsonb`);
    }
  }
  return {
    row: saved,
    statement: Prisma.sql`UPDATE "Policy" SET ${Prisma.join(sets, ', ')} WHERE "id" = ${row.id}::uuid AND "tenantId" = ${row.tenantId}::uuid${
      kept === undefined ? Prisma.empty : Prisma.sql` AND "xmin" = ${kept.version}::xid`
    }`,
  };
}
