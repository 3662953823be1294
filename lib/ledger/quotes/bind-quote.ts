import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import type { ProductData } from '@/lib/documents/ledger/describe';
import { queueDocumentsIn } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { recordEventIn } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { getProduct } from '@/lib/products/registry';
import { mandatoryForBind } from '@/lib/products/validate';
import { businessTodayOf } from '@/lib/ledger/today';
import type { CalculationResult } from '@/lib/rating/types';
import { lockQuoteWithTimeZone, quoteData, quotePayload, quoteState, type QuoteRecord } from './quote-record';
import { rateQuote } from './rate-quote';
import { jsonColumn } from '@/lib/ledger/json-column';
import { assertQuoteValid, validityOf } from './quote-validity';

export type BindOutcome =
  | { kind: 'bound'; row: QuoteRecord; calculation: CalculationResult }
  /** The recalculation fired an auto-referral: the quote is now in referral, not bound. */
  | { kind: 'referred'; row: QuoteRecord; calculation: CalculationResult };

/**
 * POST /sales/policies/{id}/bind (spec 4.8): a price past its validity refused (409), mandatory
 * fields checked (422 naming each), premium recalculated (spec rule 1), then premium and terms locked in `bound`.
 * Two round trips on tenantWrite: the lock with BEGIN, the rest with COMMIT.
 */
export async function bindQuote(tx: SqlTx, input: { tenantId: string; id: string; actor: string }): Promise<BindOutcome> {
  const tenantId = input.tenantId;
  const { row, tenantTimeZone } = await lockQuoteWithTimeZone(tx, tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'bind');
  assertQuoteValid({ ...validityOf(row), status: state }, 'bind', new Date());
  assertMandatoryFields(row, businessTodayOf({ timeZone: tenantTimeZone }, row.productCode));
  const product = getProduct(row.productCode);
  const outcome = rateQuote(product, row, quoteData(row), row.enrichment as Record<string, unknown>, input.actor);
  const status = outcome.state === 'calculated' ? next : outcome.state;
  const now = new Date();
  // A referral the rating gave replaces the stored one; otherwise the stored one stays as it is.
  const referral = outcome.referral ? jsonColumn(outcome.referral) : null;
  const updated: QuoteRecord = {
    ...row,
    status,
    calculation: JSON.parse(outcome.calculationText) as Prisma.JsonValue,
    calculatedAt: now,
    referral: referral ? referral.stored : row.referral,
    revision: row.revision + 1,
    updatedAt: now,
  };
  await tx.execute(Prisma.sql`UPDATE "Policy" SET "status" = ${status}, "calculation" = ${outcome.calculationText}::jsonb,
      "calculatedAt" = ${now}::timestamptz,${referral ? Prisma.sql` "referral" = ${referral.text}::jsonb,` : Prisma.empty}
      "revision" = "revision" + 1, "updatedAt" = ${now}::timestamptz
    WHERE "id" = ${row.id}::uuid AND "tenantId" = ${tenantId}::uuid`);
  await recordEventIn(tx, {
    tenantId,
    policyId: row.id,
    type: status === 'bound' ? 'quote.bound' : 'quote.referred',
    actor: input.actor,
    before: { status: state },
    after: { status, payable: outcome.calculation.data.payable },
    policy: updated,
    wake: [`policy:${row.id}`],
  });
  if (status === 'bound') {
    await queueDocumentsIn(
      tx,
      { tenantId, policyId: row.id, occasion: 'bind', policyVersion: 0 },
      { reference: row.quoteNumber, data: row.data as unknown as ProductData },
    );
  }
  return { kind: status === 'bound' ? 'bound' : 'referred', row: updated, calculation: outcome.calculation };
}

/** Bind and issue refuse a quote whose mandatory fields are missing or invalid (422). */
export function assertMandatoryFields(row: QuoteRecord, today: string): void {
  const errors = mandatoryForBind(row.productCode, quotePayload(row), today);
  if (errors.length > 0) throw new ValidationFailed('Mandatory information is missing or invalid', errors);
}
