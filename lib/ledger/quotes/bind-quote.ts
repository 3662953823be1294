import type { Tx } from '@/lib/db/client';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { ValidationFailed } from '@/lib/errors';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { getProduct } from '@/lib/products/registry';
import { mandatoryForBind } from '@/lib/products/validate';
import { businessToday } from '@/lib/ledger/today';
import type { CalculationResult } from '@/lib/rating/types';
import { lockQuote, quoteData, quotePayload, quoteState, type QuoteRecord } from './quote-record';
import { asJson, rateQuote } from './rate-quote';
import { assertQuoteValid, validityOf } from './quote-validity';

export type BindOutcome =
  | { kind: 'bound'; row: QuoteRecord; calculation: CalculationResult }
  /** The recalculation fired an auto-referral: the quote is now in referral, not bound. */
  | { kind: 'referred'; row: QuoteRecord; calculation: CalculationResult };

/**
 * POST /sales/policies/{id}/bind (spec 4.8): a price past its validity refused (409), mandatory
 * fields checked (422 naming each), premium recalculated (spec rule 1), then premium and terms locked in `bound`.
 */
export async function bindQuote(tx: Tx, input: { tenantId: string; id: string; actor: string }): Promise<BindOutcome> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'bind');
  assertQuoteValid({ ...validityOf(row), status: state }, 'bind', new Date());
  assertMandatoryFields(row, await businessToday(tx, row.tenantId, row.productCode));
  const product = getProduct(row.productCode);
  const outcome = rateQuote(product, row, quoteData(row), row.enrichment as Record<string, unknown>, input.actor);
  const status = outcome.state === 'calculated' ? next : outcome.state;
  const updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      status,
      calculation: asJson(outcome.calculation),
      calculatedAt: new Date(),
      referral: outcome.referral ? asJson(outcome.referral) : undefined,
      revision: { increment: 1 },
    },
  });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: status === 'bound' ? 'quote.bound' : 'quote.referred',
    actor: input.actor,
    before: { status: state },
    after: { status, payable: outcome.calculation.data.payable },
    policy: updated,
    wake: [`policy:${row.id}`],
  });
  if (status === 'bound') await queueDocuments(tx, { tenantId: input.tenantId, policyId: row.id, occasion: 'bind', policyVersion: 0 });
  return { kind: status === 'bound' ? 'bound' : 'referred', row: updated, calculation: outcome.calculation };
}

/** Bind and issue refuse a quote whose mandatory fields are missing or invalid (422). */
export function assertMandatoryFields(row: QuoteRecord, today: string): void {
  const errors = mandatoryForBind(row.productCode, quotePayload(row), today);
  if (errors.length > 0) throw new ValidationFailed('Mandatory information is missing or invalid', errors);
}
