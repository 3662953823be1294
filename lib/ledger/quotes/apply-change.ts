import type { Tx } from '@/lib/db/client';
import { ValidationFailed } from '@/lib/errors';
import { enqueue } from '@/lib/jobs/queue';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { changedPaths, matchesAny } from '@/lib/products/paths';
import { editableAfterBindPaths, ratingPaths } from '@/lib/products/annotations';
import { assertValidPayload } from '@/lib/products/validate';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import { PREPARE_QUOTE_TASK } from './create-quote';
import { mergePatch } from './merge-patch';
import { customerNameOf, quoteData, quotePayload, quoteState, type QuoteData, type QuoteRecord } from './quote-record';
import { asJson } from './rate-quote';

export interface AppliedChange {
  row: QuoteRecord;
  changed: string[];
  ratingRelevant: boolean;
  before: QuoteData;
}

/**
 * Applies a partial change to a locked quote: merge, validate the whole result against the
 * product schema, enforce the post-bind editable set, and return the quote to draft with a
 * new background preparation when a rating-relevant field changed.
 */
export async function applyQuoteChange(
  tx: Tx,
  row: QuoteRecord,
  patch: Record<string, unknown>,
  language: MessageLanguage = 'en',
): Promise<AppliedChange> {
  const state = quoteState(row);
  nextQuoteState(state, 'update');
  const before = quoteData(row);
  const { product: _ignored, ...patchData } = patch;
  const merged = mergePatch(quotePayload(row), patchData) as Record<string, unknown>;
  const valid = assertValidPayload(row.productCode, merged, language) as unknown as { product: string } & QuoteData;
  const { product: _product, ...data } = valid;
  const changed = changedPaths(before, data);
  if (changed.length === 0) return { row, changed, ratingRelevant: false, before };

  if (state === 'bound') {
    const editable = editableAfterBindPaths(row.productCode);
    const locked = changed.filter((path) => !matchesAny(editable, path));
    if (locked.length > 0) {
      throw new ValidationFailed(
        'After bind only the configured fields may change; premium and terms are locked (use a mid-term adjustment after issue)',
        locked.map((path) => ({ path, message: 'cannot change after bind' })),
      );
    }
  }
  const ratingRelevant = state !== 'bound' && changed.some((path) => matchesAny(ratingPaths(row.productCode), path));
  const updated = await tx.policy.update({
    where: { id: row.id },
    data: {
      data: asJson(data),
      revision: { increment: 1 },
      customerName: customerNameOf(data),
      paymentPlan: data.policy.paymentPlan ?? row.paymentPlan,
      dateInception: new Date(`${data.policy.dateInception}T00:00:00Z`),
      dateExpiry: new Date(`${data.policy.dateExpiry}T00:00:00Z`),
      ...(ratingRelevant ? { status: nextQuoteState(state, 'update'), enrichmentState: 'pending' } : {}),
    },
  });
  if (ratingRelevant) {
    await enqueue(tx, PREPARE_QUOTE_TASK, { policyId: row.id, revision: updated.revision }, { tenantId: row.tenantId });
  }
  return { row: updated, changed, ratingRelevant, before };
}
