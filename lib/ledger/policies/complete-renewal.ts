import type { Tx } from '@/lib/db/client';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';

/**
 * Called in the issue transaction of a renewal quote: the issued quote becomes the next term of
 * the policy it renews. The old policy stays active until its expiry and loses its renew link.
 * Returns false when the old policy cannot take a successor (terminated, or renewed by another).
 */
export async function completeRenewal(
  tx: Tx,
  input: { tenantId: string; previousId: string; renewalId: string; policyNumber: string; actor: string },
): Promise<boolean> {
  const locked = await tx.$queryRaw<{ policyStatus: string | null; renewedById: string | null }[]>`
    SELECT "policyStatus", "renewedById"::text AS "renewedById" FROM "Policy"
    WHERE "id" = ${input.previousId}::uuid AND "tenantId" = ${input.tenantId}::uuid FOR UPDATE`;
  const previous = locked[0];
  if (!previous || previous.policyStatus === 'terminated') return false;
  if (previous.renewedById) return previous.renewedById === input.renewalId;
  await tx.policy.update({ where: { id: input.previousId }, data: { renewedById: input.renewalId, revision: { increment: 1 } } });
  await recordEvent(tx, {
    tenantId: input.tenantId,
    policyId: input.previousId,
    type: 'policy.renewed',
    actor: input.actor,
    after: { renewedById: input.renewalId },
    data: { renewalPolicyNumber: input.policyNumber },
  });
  await publishChange(tx, `policy:${input.previousId}`);
  return true;
}
