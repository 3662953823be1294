import type { Tx } from '@/lib/db/client';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { localToday } from '@/lib/dates/local-day';
import { ValidationFailed } from '@/lib/errors';
import { businessTimeZone } from '@/lib/ledger/today';
import type { DeclineReason } from './decline-reasons';
import { lockQuote, quoteState, type QuoteRecord } from './quote-record';

/** POST /sales/policies/{id}/decline: the customer says no; final, the quote is never issued. */
export async function declineQuote(
  tx: Tx,
  input: { tenantId: string; id: string; actor: string; reason: DeclineReason; declinedAt: string },
): Promise<void> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'decline');
  await assertDeclineDate(tx, row, input.declinedAt);
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

/**
 * A customer can only have declined a quote that existed, and not in the future: the date lies
 * between the quote's creation and today, both as local dates of the business's time zone.
 */
async function assertDeclineDate(tx: Tx, row: QuoteRecord, declinedAt: string): Promise<void> {
  const zone = await businessTimeZone(tx, row.tenantId, row.productCode);
  const created = localToday(zone, row.createdAt);
  const today = localToday(zone);
  // ISO dates (YYYY-MM-DD) order as strings.
  if (declinedAt >= created && declinedAt <= today) return;
  const message = `must lie between the quote's creation (${created}) and today (${today})`;
  throw new ValidationFailed(`The decline date ${declinedAt} ${message}`, [{ path: '/1/declinedAt', message }]);
}
