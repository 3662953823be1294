import type { Tx } from '@/lib/db/client';
import { InvalidState } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { allowedQuoteActions, quoteActionKeys } from '@/lib/ledger/state-machine';
import { valueAt } from '@/lib/products/paths';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import { sqlOf } from '@/lib/db/sql-tx';
import { applyQuoteChange } from './apply-change';
import { checkIfMatch, lockQuote, quoteState, type QuoteRecord } from './quote-record';

export interface UpdateQuoteInput {
  tenantId: string;
  id: string;
  actor: string;
  patch: Record<string, unknown>;
  ifMatch: string | null;
  /** The language of validation messages (the request's Accept-Language). */
  language?: MessageLanguage;
}

/** PUT /sales/policies/{id}/ — a partial update; data-changing calls wait for enrichment. */
export async function updateQuote(tx: Tx, input: UpdateQuoteInput): Promise<QuoteRecord> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  assertPrepared(row);
  const change = await applyQuoteChange(sqlOf(tx), row, input.patch, input.language);
  if (change.changed.length === 0) return change.row;
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: 'quote.updated',
    actor: input.actor,
    before: Object.fromEntries(change.changed.map((path) => [path, valueAt(change.before, path) ?? null])),
    after: Object.fromEntries(change.changed.map((path) => [path, valueAt(change.row.data, path) ?? null])),
    data: { status: change.row.status, ratingRelevant: change.ratingRelevant },
  });
  await publishChange(tx, `policy:${row.id}`);
  return change.row;
}

/** Enrichment still running: the change would be overwritten (spec 4.3: update must wait). */
export function assertPrepared(row: QuoteRecord): void {
  if (row.enrichmentState !== 'done') {
    const state = quoteState(row);
    throw new InvalidState(
      'Enrichment of this quote is still running; poll GET /sales/policies/actions/{id} until it answers 200',
      state,
      quoteActionKeys(allowedQuoteActions(state).filter((action) => action === 'copy' || action === 'decline' || action === 'refer')),
    );
  }
}
