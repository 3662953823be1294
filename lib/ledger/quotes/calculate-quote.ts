import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { recordEventIn } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { getProduct } from '@/lib/products/registry';
import { ValidationFailed } from '@/lib/errors';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import { applyQuoteChange } from './apply-change';
import { runEnrichment } from '@/lib/products/enrichment';
import { lockQuoteToRate, quoteData, quotePayload, quoteState, type QuoteRecord, type QuoteViewRecord } from './quote-record';
import { rateQuote, type RatingOutcome } from './rate-quote';
import { ratedQuote } from './save-rating';
import { quoteExpired, validityOf } from './quote-validity';
import type { KnownCalculation } from './known-calculations';

export interface CalculateQuoteInput {
  tenantId: string;
  id: string;
  actor: string;
  /** Changed data to apply first (spec 4.4); empty to recalculate only. */
  patch: Record<string, unknown>;
  /** withNotifications=true: signal that the quote is ready (an event the notifications feed shows). */
  signalReady: boolean;
  /** The language of validation messages (the request's Accept-Language). */
  language?: MessageLanguage;
}

export interface CalculatedQuote {
  /** The saved row but for its price, whose JSON text the rating carries. */
  row: QuoteViewRecord;
  /** The saved row's version (`xmin`), for the next calculation. */
  rowVersion: string;
  /** The version the calculation started from: the kept one, or the one it locked. */
  versionFound: string;
  /**
   * The rating the row was saved with (a recalculation from the kept row gives it again); its
   * `calculationText` is the price as the row stores it, and the answer is made from it.
   */
  rating: RatingOutcome;
}

/**
 * Rates the quote now, in the request: the engine is pure and fast. Enrichment still pending
 * is run inline (the background job then finds nothing to do), so a client never has to
 * wait for the queue to calculate. The events and the saved price go with COMMIT: on tenantWrite a
 * calculation without changed data takes two round trips (lib/db/tenant-write.ts), the lock and
 * the rest. From the row this process last saved (`known`, ./calculate-now.ts) it takes one: no
 * lock, and the update saves only that version of the row or fails the whole message. Nor is that
 * row rated again: it gives the rating it was saved with.
 */
export async function calculateQuote(tx: SqlTx, input: CalculateQuoteInput, known?: KnownCalculation): Promise<CalculatedQuote> {
  const locked = known
    ? { row: known.row, previousPayable: known.rating.calculation.data.payable, rowVersion: known.rowVersion }
    : await lockQuoteToRate(tx, input.tenantId, input.id);
  let row: QuoteViewRecord = locked.row;
  // A bound quote whose price expired is recalculated too: calculated again, to be bound again.
  // Validity is measured on the real clock, as `calculatedAt` is stored (the test clock pins
  // business dates only).
  const renewing = quoteState(row) === 'bound' && quoteExpired(validityOf(row), new Date());
  if (!renewing) nextQuoteState(quoteState(row), 'calculate');
  assertSameProduct(row, input.patch);
  if (Object.keys(input.patch).length > 0) row = (await applyQuoteChange(tx, row, input.patch, input.language)).row;
  const state = quoteState(row);
  if (!renewing) nextQuoteState(state, 'calculate');
  const product = getProduct(row.productCode);
  const enrichment =
    row.enrichmentState === 'done'
      ? (row.enrichment as Record<string, unknown>)
      : runEnrichment(row.productCode, quotePayload(row), 'all').enrichment;
  // From the kept row, the rating that row was saved with: the rating reads only the row and the
  // product, and the update saves only that version of the row (a change applied above moves it).
  const outcome = known?.rating ?? rateQuote(product, row, quoteData(row), enrichment, input.actor);
  const { row: updated, statement } = ratedQuote(
    row,
    enrichment,
    outcome,
    known && { version: known.rowVersion, calculationText: known.rating.calculationText },
  );
  await recordEventIn(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: outcome.state === 'in-manual-referral' ? 'quote.referred' : 'quote.calculated',
    actor: input.actor,
    before: { status: state, payable: locked.previousPayable ?? null },
    after: { status: outcome.state, payable: outcome.calculation.data.payable },
    data: outcome.referral ? { rules: outcome.referral.rules } : undefined,
    policy: updated,
    wake: [`policy:${row.id}`],
  });
  if (input.signalReady && outcome.state === 'calculated') {
    await recordEventIn(tx, {
      tenantId: input.tenantId,
      policyId: row.id,
      type: 'quote.ready',
      actor: input.actor,
      data: { payable: outcome.calculation.data.payable },
      policy: updated,
    });
  }
  const [saved] = await tx.queryAndCommit<{ rowVersion: string }>(savedOnce(statement));
  return {
    row: updated,
    rowVersion: saved!.rowVersion,
    versionFound: locked.rowVersion,
    rating: outcome,
  };
}

/**
 * The update, answering the saved row's version, and failing (serialization_failure, from
 * ledger_expect_one_row) unless it saved exactly one row: a version changed since it was read.
 */
function savedOnce(update: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`WITH saved AS (${update} RETURNING "xmin"::text AS "rowVersion")
    SELECT (SELECT "rowVersion" FROM saved) AS "rowVersion", ledger_expect_one_row((SELECT count(*) FROM saved)) AS "saved"`;
}

/** A create-shaped payload names its product; it cannot turn a quote into another product's. */
function assertSameProduct(row: Pick<QuoteRecord, 'productCode'>, patch: Record<string, unknown>): void {
  if (patch.product === undefined || patch.product === row.productCode) return;
  throw new ValidationFailed(`This quote is a ${row.productCode} quote; a calculation cannot change its product`, [
    { path: '/product', message: `must be ${row.productCode}, the quote's product` },
  ]);
}
