import { randomUUID } from 'node:crypto';
import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { enqueueStatement } from '@/lib/jobs/queue';
import { recordEventIn } from '@/lib/ledger/events';
import { nextQuoteState } from '@/lib/ledger/state-machine';
import { businessTodayOf } from '@/lib/ledger/today';
import { assertMandatoryFields } from './bind-quote';
import { lockQuoteWithTimeZone, quoteState } from './quote-record';
import { assertQuoteValid, validityOf } from './quote-validity';

export const ISSUE_POLICY_TASK = 'issue-policy';

/**
 * POST /sales/policies/{id}/issue (spec 4.12): answers at once with a request id; the queued
 * job issues the policy. The row lock makes a second concurrent issue see `issuing` (409),
 * so a quote is never issued twice. Two round trips on tenantWrite: the lock with BEGIN, the
 * request, the state, the event and the job with COMMIT.
 */
export async function issueQuote(tx: SqlTx, input: { tenantId: string; id: string; actor: string }): Promise<{ requestId: string }> {
  const tenantId = input.tenantId;
  const { row, tenantTimeZone } = await lockQuoteWithTimeZone(tx, tenantId, input.id);
  const state = quoteState(row);
  const next = nextQuoteState(state, 'issue');
  assertQuoteValid({ ...validityOf(row), status: state }, 'issue', new Date());
  assertMandatoryFields(row, businessTodayOf({ timeZone: tenantTimeZone }, row.productCode));
  const requestId = randomUUID();
  const now = new Date();
  await tx.execute(Prisma.sql`INSERT INTO "Request" ("id", "tenantId", "policyId", "type", "status", "createdBy", "createdAt", "updatedAt")
    VALUES (${requestId}::uuid, ${tenantId}::uuid, ${row.id}::uuid, 'issue', 'pending', ${input.actor}, ${now}::timestamptz, ${now}::timestamptz)`);
  await tx.execute(Prisma.sql`UPDATE "Policy" SET "status" = ${next}, "revision" = "revision" + 1, "updatedAt" = ${now}::timestamptz
    WHERE "id" = ${row.id}::uuid AND "tenantId" = ${tenantId}::uuid`);
  await recordEventIn(tx, {
    tenantId,
    policyId: row.id,
    type: 'quote.issuing',
    actor: input.actor,
    before: { status: state },
    after: { status: next },
    data: { requestId },
    wake: [`policy:${row.id}`],
  });
  await tx.execute(
    enqueueStatement(ISSUE_POLICY_TASK, { policyId: row.id, requestId, actor: input.actor }, { tenantId, dedupeKey: `issue:${requestId}` }),
  );
  return { requestId };
}
