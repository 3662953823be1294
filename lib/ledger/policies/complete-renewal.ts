import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { changeNoticeSql } from '@/lib/jobs/queue';
import { recordEventIn } from '@/lib/ledger/events';

/**
 * Called in the issue transaction of a renewal quote: the issued quote becomes the next term of
 * the policy it renews. The old policy stays active until its expiry and loses its renew link.
 * Returns false when the old policy cannot take a successor (terminated, or renewed by another).
 */
export async function completeRenewal(
  db: SqlTx,
  input: { tenantId: string; previousId: string; renewalId: string; policyNumber: string; actor: string },
): Promise<boolean> {
  const locked = await db.query<{ policyStatus: string | null; renewedById: string | null }>(Prisma.sql`
    SELECT "policyStatus", "renewedById"::text AS "renewedById" FROM "Policy"
    WHERE "id" = ${input.previousId}::uuid AND "tenantId" = ${input.tenantId}::uuid FOR UPDATE`);
  const previous = locked[0];
  if (!previous || previous.policyStatus === 'terminated') return false;
  if (previous.renewedById) return previous.renewedById === input.renewalId;
  await db.execute(Prisma.sql`UPDATE "Policy" SET "renewedById" = ${input.renewalId}::uuid, "revision" = "revision" + 1, "updatedAt" = ${new Date()}::timestamptz
    WHERE "id" = ${input.previousId}::uuid AND "tenantId" = ${input.tenantId}::uuid`);
  await recordEventIn(db, {
    tenantId: input.tenantId,
    policyId: input.previousId,
    type: 'policy.renewed',
    actor: input.actor,
    after: { renewedById: input.renewalId },
    data: { renewalPolicyNumber: input.policyNumber },
  });
  await db.execute(changeNoticeSql(`policy:${input.previousId}`));
  return true;
}
