import type { Tx } from '@/lib/db/client';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { lockQuote, quoteState } from './quote-record';
import { asJsonInput } from '@/lib/ledger/json-column';
import type { ReferralRecord } from './rate-quote';

export interface ReferralDecisionInput {
  tenantId: string;
  id: string;
  actor: string;
  decision: 'approve' | 'reject';
  comment: string;
}

/**
 * The underwriter's outcome (API-CONTRACT §3): approve returns the quote to `calculated`
 * (bindable, and bind's recalculation will not refer it again for the same data), reject
 * finishes it in `referral-rejected`.
 */
export async function decideReferral(tx: Tx, input: ReferralDecisionInput): Promise<void> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, input.decision === 'approve' ? 'approve-referral' : 'reject-referral');
  const revision = row.revision + 1;
  const referral: ReferralRecord = {
    ...((row.referral as ReferralRecord | null) ?? {
      source: 'manual',
      comment: '',
      rules: [],
      referredBy: 'unknown',
      referredAt: row.updatedAt.toISOString(),
    }),
    decision: { decision: input.decision, comment: input.comment, decidedBy: input.actor, decidedAt: new Date().toISOString(), revision },
  };
  await tx.policy.update({ where: { id: row.id }, data: { status: next, referral: asJsonInput(referral), revision } });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: input.decision === 'approve' ? 'referral.approved' : 'referral.rejected',
    actor: input.actor,
    before: { status: state },
    after: { status: next },
    data: { comment: input.comment },
  });
  await publishChange(tx, `policy:${row.id}`);
}
