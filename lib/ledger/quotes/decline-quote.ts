import type { Tx } from '@/lib/db/client';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import type { DeclineReason } from './decline-reasons';
import { lockQuote, quoteState } from './quote-record';

/** POST /sales/policies/{id}/decline: the customer says no; final, the quote is never issued. */
export async function declineQuote(
  tx: Tx,
  input: { tenantId: string; id: string; actor: string; reason: DeclineReason; declinedAt: string },
): Promise<void> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'decline');
  const decline = { reason: input.reason, declinedAt: input.declinedAt, declinedBy: input.actor };
  await tx.policy.update({ where: { id: row.id }, data: { status: next, decline, revision: { increment: 1 } } });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: 'quote.declined',
    actor: input.actor,
    before: { status: state },
    after: { status: next },
    data: decline,
  });
  await publishChange(tx, `policy:${row.id}`);
}
