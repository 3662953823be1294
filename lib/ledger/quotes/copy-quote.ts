import type { Tx } from '@/lib/db/client';
import { sqlOf } from '@/lib/db/sql-tx';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import type { TenantRef } from '@/lib/tenants/lookup';
import { createQuote } from './create-quote';
import { findQuote, quotePayload, quoteState, type QuoteRecord } from './quote-record';

/** POST /sales/policies/{id}/copy: a new draft with the same data; the source is untouched. */
export async function copyQuote(tx: Tx, input: { tenant: TenantRef; id: string; actor: string }): Promise<QuoteRecord> {
  const source = await findQuote(tx, input.tenant.id, input.id);
  nextQuoteState(quoteState(source), 'copy');
  return createQuote(sqlOf(tx), { tenant: input.tenant, actor: input.actor, payload: quotePayload(source), copiedFromId: source.id });
}
