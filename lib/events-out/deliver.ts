import { withTenant } from '@/lib/db/tenant';
import { sqlOf } from '@/lib/db/sql-tx';
import type { Tx } from '@/lib/db/client';
import { enqueue } from '@/lib/jobs/queue';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { log } from '@/lib/log';
import { backoffMs, webhookSettings, type WebhookSettings } from './config';
import { DELIVER_WEBHOOKS_TASK, DELIVERY_JOB_MAX_ATTEMPTS, deliveryJobKey } from './kick';
import { sendWebhook, type AttemptOutcome } from './send';

// The delivery job of one subscription (lib/events-out/kick.ts): sends its due deliveries in
// turn, records every attempt, schedules retries with exponential back-off and jitter, disables
// the subscription after it has failed for long, and finally puts itself back in the queue for
// the next due retry. A crash between a send and its record sends the delivery again, with the
// same webhook-id: delivery is at least once.

const BATCH_SIZE = 20;
/** A job hands its worker slot back after this long; the rest waits for its next run. */
const RUN_BUDGET_MS = 60_000;

interface Subscription {
  id: string;
  url: string;
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

interface DueDelivery {
  id: string;
  eventId: string;
  attempts: number;
  retryFrom: Date;
  payload: unknown;
}

export async function deliverWebhooks(job: ClaimedJob): Promise<void> {
  const subscriptionId = String(job.payload.subscriptionId);
  const tenantId = job.tenantId;
  if (!tenantId) throw new Error('deliver-webhooks needs a tenant');
  const settings = webhookSettings();
  const startedMs = Date.now();
  let more = true;
  while (more && Date.now() - startedMs < RUN_BUDGET_MS) {
    const { subscription, due } = await withTenant(tenantId, (tx) => loadDue(tx, tenantId, subscriptionId));
    if (!subscription?.enabled || due.length === 0) break;
    more = due.length === BATCH_SIZE;
    for (const delivery of due) {
      const outcome = await sendWebhook({
        url: subscription.url,
        secrets: signingSecrets(subscription),
        messageId: delivery.eventId,
        body: JSON.stringify(delivery.payload),
        settings,
      });
      const disabled = await withTenant(tenantId, (tx) => recordAttempt(tx, tenantId, subscription.id, delivery, outcome, settings));
      if (disabled) break;
      if (Date.now() - startedMs >= RUN_BUDGET_MS) break;
    }
  }
  await withTenant(tenantId, (tx) => reschedule(tx, tenantId, subscriptionId, job));
}

function signingSecrets(subscription: Subscription): string[] {
  const secrets = [subscription.secret];
  if (subscription.previousSecret && subscription.previousSecretUntil && subscription.previousSecretUntil > new Date()) {
    secrets.push(subscription.previousSecret);
  }
  return secrets;
}

async function loadDue(
  tx: Tx,
  tenantId: string,
  subscriptionId: string,
): Promise<{ subscription: Subscription | null; due: DueDelivery[] }> {
  const subscription = await tx.webhookSubscription.findFirst({
    where: { id: subscriptionId, tenantId },
    select: { id: true, url: true, enabled: true, secret: true, previousSecret: true, previousSecretUntil: true },
  });
  if (!subscription?.enabled) return { subscription, due: [] };
  const rows = await tx.webhookDelivery.findMany({
    where: { tenantId, subscriptionId, status: 'pending', nextAttemptAt: { lte: new Date() } },
    orderBy: [{ nextAttemptAt: 'asc' }, { createdAt: 'asc' }],
    take: BATCH_SIZE,
    select: { id: true, eventId: true, attempts: true, retryFrom: true, event: { select: { payload: true } } },
  });
  return { subscription, due: rows.map((row) => ({ ...row, payload: row.event.payload })) };
}

/** Stores one attempt and its consequences; true when the subscription got disabled by it. */
async function recordAttempt(
  tx: Tx,
  tenantId: string,
  subscriptionId: string,
  delivery: DueDelivery,
  outcome: AttemptOutcome,
  settings: WebhookSettings,
): Promise<boolean> {
  // The subscription row first, as a DELETE of the subscription takes it (and then, by cascade,
  // its deliveries): locking the delivery first and the subscription after deadlocked with a
  // delete made while an attempt was being recorded (a 409 to the caller of DELETE).
  const [live] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id"::text AS "id" FROM "WebhookSubscription" WHERE "id" = ${subscriptionId}::uuid AND "tenantId" = ${tenantId}::uuid FOR NO KEY UPDATE`;
  if (!live) return false; // deleted meanwhile: its deliveries went with it
  const attempt = delivery.attempts + 1;
  const now = new Date();
  await tx.webhookAttempt.create({
    data: {
      tenantId,
      deliveryId: delivery.id,
      attempt,
      startedAt: outcome.startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      error: outcome.error?.slice(0, 500) ?? null,
      responseExcerpt: outcome.responseExcerpt,
    },
  });
  const common = {
    attempts: attempt,
    lastAttemptAt: outcome.startedAt,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error?.slice(0, 500) ?? null,
  };
  if (outcome.ok) {
    await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, tenantId },
      data: { ...common, status: 'delivered', deliveredAt: now },
    });
    await tx.webhookSubscription.updateMany({
      where: { id: subscriptionId, tenantId },
      data: { consecutiveFailures: 0, failingSince: null },
    });
    return false;
  }
  const givesUp = now.getTime() - delivery.retryFrom.getTime() >= settings.retryWindowMs;
  await tx.webhookDelivery.updateMany({
    where: { id: delivery.id, tenantId },
    data: givesUp ? { ...common, status: 'failed' } : { ...common, nextAttemptAt: new Date(now.getTime() + backoffMs(attempt, settings)) },
  });
  const [subscription] = await tx.$queryRaw<{ consecutiveFailures: number; failingSince: Date }[]>`
    UPDATE "WebhookSubscription" SET "consecutiveFailures" = "consecutiveFailures" + 1, "failingSince" = COALESCE("failingSince", ${now})
    WHERE "id" = ${subscriptionId}::uuid AND "tenantId" = ${tenantId}::uuid
    RETURNING "consecutiveFailures", "failingSince"`;
  if (!subscription) return false;
  const failingLong =
    subscription.consecutiveFailures >= settings.disableAfterFailures &&
    now.getTime() - subscription.failingSince.getTime() >= settings.disableAfterMs;
  if (!failingLong) return false;
  await tx.webhookSubscription.updateMany({
    where: { id: subscriptionId, tenantId },
    data: { enabled: false, disabledReason: 'failing', updatedAt: now },
  });
  log.warn('webhook subscription disabled after failing', { tenantId, subscriptionId, failures: subscription.consecutiveFailures });
  return true;
}

/** Puts the job back for the earliest due retry, or ends it; runs under the subscription's row lock. */
async function reschedule(tx: Tx, tenantId: string, subscriptionId: string, job: ClaimedJob): Promise<void> {
  // Waits for any transaction that is adding deliveries to this subscription (see kick.ts).
  const [subscription] = await tx.$queryRaw<{ enabled: boolean }[]>`
    SELECT "enabled" FROM "WebhookSubscription" WHERE "id" = ${subscriptionId}::uuid AND "tenantId" = ${tenantId}::uuid FOR UPDATE`;
  const [next] = subscription?.enabled
    ? await tx.$queryRaw<{ at: Date | null }[]>`
        SELECT min("nextAttemptAt") AS "at" FROM "WebhookDelivery"
        WHERE "subscriptionId" = ${subscriptionId}::uuid AND "tenantId" = ${tenantId}::uuid AND "status" = 'pending'`
    : [];
  await job.complete(sqlOf(tx));
  if (next?.at) {
    await enqueue(
      tx,
      DELIVER_WEBHOOKS_TASK,
      { subscriptionId },
      { tenantId, dedupeKey: deliveryJobKey(subscriptionId), runAt: next.at, maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS },
    );
  }
}
