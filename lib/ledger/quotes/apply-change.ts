import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { ValidationFailed } from '@/lib/errors';
import { enqueueStatement } from '@/lib/jobs/queue';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { changedPaths, matchesAny } from '@/lib/products/paths';
import { editableAfterBindPaths, ratingPaths } from '@/lib/products/annotations';
import { assertValidPayload } from '@/lib/products/validate';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import { PREPARE_QUOTE_TASK } from './create-quote';
import { mergePatch } from './merge-patch';
import {
  customerNameOf,
  POLICY_COLUMNS,
  quoteData,
  quotePayload,
  quoteState,
  type QuoteData,
  type QuoteRecord,
  type QuoteViewRecord,
} from './quote-record';

export interface AppliedChange<R extends QuoteViewRecord = QuoteRecord> {
  /** The row given when nothing changed, else the whole row as updated. */
  row: R | QuoteRecord;
  changed: string[];
  ratingRelevant: boolean;
  before: QuoteData;
}

/**
 * Applies a partial change to a locked quote: merge, validate the whole result against the
 * product schema, enforce the post-bind editable set, and return the quote to draft with a
 * new background preparation when a rating-relevant field changed.
 */
export async function applyQuoteChange<R extends QuoteViewRecord>(
  db: SqlTx,
  row: R,
  patch: Record<string, unknown>,
  language: MessageLanguage = 'en',
): Promise<AppliedChange<R>> {
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
  const prepare = ratingRelevant
    ? Prisma.sql`, "status" = ${nextQuoteState(state, 'update')}, "enrichmentState" = 'pending'`
    : Prisma.empty;
  const [updated] = await db.query<QuoteRecord>(Prisma.sql`UPDATE "Policy" SET "data" = ${JSON.stringify(data)}::jsonb,
      "revision" = "revision" + 1, "customerName" = ${customerNameOf(data)}, "paymentPlan" = ${data.policy.paymentPlan ?? row.paymentPlan},
      "dateInception" = ${data.policy.dateInception}::date, "dateExpiry" = ${data.policy.dateExpiry}::date,
      "updatedAt" = ${new Date()}::timestamptz ${prepare}
    WHERE "id" = ${row.id}::uuid AND "tenantId" = ${row.tenantId}::uuid
    RETURNING ${Prisma.raw(POLICY_COLUMNS)}`);
  if (!updated) throw new Error(`The locked quote ${row.id} was not there to update`);
  if (ratingRelevant) {
    await db.query(enqueueStatement(PREPARE_QUOTE_TASK, { policyId: row.id, revision: updated.revision }, { tenantId: row.tenantId }));
  }
  return { row: updated, changed, ratingRelevant, before };
}
