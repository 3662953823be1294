import type { Tx } from '@/lib/db/client';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { lockQuote, quoteState } from './quote-record';
import { asJsonInput } from '@/lib/ledger/json-column';
import type { ReferralRecord } from './rate-quote';

/** POST /sales/policies/{id}/referrals: a broker asks an underwriter to review (spec 4.6). */
export async function referQuote(tx: Tx, input: { tenantId: string; id: string; actor: string; comment: string }): Promise<void> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'refer');
  const referral: ReferralRecord = {
    source: 'manual',
    comment: input.comment,
    rules: [],
    referredBy: input.actor,
    referredAt: new Date().toISOString(),
  };
  await tx.policy.update({ where: { id: row.id }, data: { status: next, referral: asJsonInput(referral), revision: { increment: 1 } } });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: 'quote.referred',
    actor: input.actor,
    before: { status: state },
    after: { status: next },
    data: { comment: input.comment },
  });
  await publishChange(tx, `policy:${row.id}`);
}
