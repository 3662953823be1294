import type { Tx } from '@/lib/db/client';
import { enqueue } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { businessToday } from '@/lib/ledger/today';
import { assertMandatoryFields } from './bind-quote';
import { lockQuote, quoteState } from './quote-record';
import { assertQuoteValid, validityOf } from './quote-validity';

export const ISSUE_POLICY_TASK = 'issue-policy';

/**
 * POST /sales/policies/{id}/issue (spec 4.12): answers at once with a request id; the queued
 * job issues the policy. The row lock makes a second concurrent issue see `issuing` (409),
 * so a quote is never issued twice.
 */
export async function issueQuote(tx: Tx, input: { tenantId: string; id: string; actor: string }): Promise<{ requestId: string }> {
  const row = await lockQuote(tx, input.tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'issue');
  assertQuoteValid({ ...validityOf(row), status: state }, 'issue', new Date());
  assertMandatoryFields(row, await businessToday(tx, row.tenantId, row.productCode));
  const request = await tx.request.create({
    data: { tenantId: input.tenantId, policyId: row.id, type: 'issue', status: 'pending', createdBy: input.actor },
  });
  await tx.policy.update({ where: { id: row.id }, data: { status: next, revision: { increment: 1 } } });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    type: 'quote.issuing',
    actor: input.actor,
    before: { status: state },
    after: { status: next },
    data: { requestId: request.id },
    wake: [`policy:${row.id}`],
  });
  await enqueue(
    tx,
    ISSUE_POLICY_TASK,
    { policyId: row.id, requestId: request.id, actor: input.actor },
    { tenantId: input.tenantId, dedupeKey: `issue:${request.id}` },
  );
  return { requestId: request.id };
}
