import type { Tx } from '@/lib/db/client';

// Each subscription has at most one delivery job (dedupe key), which sends its due deliveries one
// after another: a slow or dead endpoint occupies one worker slot at most, never more, and the
// job's own schedule is the endpoint's next due retry. A kick brings that job forward to now.

export const DELIVER_WEBHOOKS_TASK = 'deliver-webhooks';
/** The job retries database trouble (not HTTP failures, which the deliveries record) practically forever. */
export const DELIVERY_JOB_MAX_ATTEMPTS = 1_000;

export const deliveryJobKey = (subscriptionId: string) => `webhooks:${subscriptionId}`;

/**
 * Makes the subscription's delivery job due now, in `tx`, for a redeliver or an enable. (New
 * deliveries do the same by a commit-time trigger, migration 0008, which must stay in step.) A job that is running right now is left
 * alone: before it finishes it locks the subscription row FOR UPDATE, which waits for the key-share
 * lock taken here (held to commit), and then sees what this transaction made due.
 */
export async function kickDelivery(tx: Tx, tenantId: string, subscriptionId: string): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM "WebhookSubscription" WHERE "id" = ${subscriptionId}::uuid FOR KEY SHARE`;
  await tx.$executeRaw`INSERT INTO "Job" ("task", "payload", "tenantId", "dedupeKey", "runAt", "maxAttempts")
    VALUES (${DELIVER_WEBHOOKS_TASK}, jsonb_build_object('subscriptionId', ${subscriptionId}::text), ${tenantId}::uuid,
      ${deliveryJobKey(subscriptionId)}, now(), ${DELIVERY_JOB_MAX_ATTEMPTS})
    ON CONFLICT ("dedupeKey") DO UPDATE SET "runAt" = LEAST("Job"."runAt", EXCLUDED."runAt"), "failedAt" = NULL, "attempts" = 0
    WHERE "Job"."lockedUntil" IS NULL OR "Job"."lockedUntil" < now()`;
}
