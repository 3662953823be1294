import { randomBytes } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { withTenant } from '@/lib/db/tenant';
import { Conflict, NotFound, ValidationFailed } from '@/lib/errors';
import { assertLiteralAllowed, ForbiddenAddress, hostOf, parseAllowedNetworks } from './address-safety';
import { webhookSettings } from './config';
import { kickDelivery } from './kick';
import type { PublicEventType } from './types';

// Webhook subscriptions of a tenant (admin role at the API): create, read, change, enable and
// disable, delete, rotate the secret; the deliveries of one and redelivering one of them.

export const SUBSCRIPTIONS_PER_TENANT_MAX = 25;
const DELIVERIES_PAGE_MAX = 100;

export interface SubscriptionView {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

export interface AttemptView {
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface DeliveryView {
  id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  attemptLog: AttemptView[];
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const SUBSCRIPTION_FIELDS = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  consecutiveFailures: true,
  createdAt: true,
  updatedAt: true,
} as const;

type SubscriptionRow = {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  consecutiveFailures: number;
  createdAt: Date;
  updatedAt: Date;
};

function view(row: SubscriptionRow): SubscriptionView {
  return {
    ...row,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses URLs that name a forbidden address outright; host names are checked at every delivery. */
function checkUrl(url: string): void {
  const parsed = new URL(url);
  const problems: { path: string; message: string }[] = [];
  if (parsed.username || parsed.password) problems.push({ path: '/url', message: 'The URL may not carry credentials' });
  try {
    assertLiteralAllowed(hostOf(parsed), parseAllowedNetworks(webhookSettings().allowedNetworks));
  } catch (error) {
    if (!(error instanceof ForbiddenAddress)) throw error;
    problems.push({ path: '/url', message: 'The URL names a private, loopback or link-local address' });
  }
  if (problems.length) throw new ValidationFailed('The webhook URL cannot be used', problems);
}

async function findSubscription(tx: Tx, tenantId: string, id: string): Promise<SubscriptionRow> {
  const row = await tx.webhookSubscription.findFirst({ where: { id, tenantId }, select: SUBSCRIPTION_FIELDS });
  if (!row) throw new NotFound('Webhook subscription', id);
  return row;
}

export interface CreateSubscriptionInput {
  url: string;
  eventTypes: PublicEventType[];
  description?: string;
}

export async function createSubscription(
  tenantId: string,
  actor: string,
  input: CreateSubscriptionInput,
): Promise<SubscriptionView & { secret: string }> {
  checkUrl(input.url);
  return withTenant(tenantId, async (tx) => {
    // One at a time per tenant, so the bound below holds under concurrent creates.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(727003, hashtext(${tenantId}))`;
    const count = await tx.webhookSubscription.count({ where: { tenantId } });
    if (count >= SUBSCRIPTIONS_PER_TENANT_MAX) {
      throw new Conflict(`A tenant may have at most ${SUBSCRIPTIONS_PER_TENANT_MAX} webhook subscriptions`);
    }
    const secret = newSecret();
    const row = await tx.webhookSubscription.create({
      data: {
        tenantId,
        url: input.url,
        description: input.description ?? null,
        eventTypes: [...new Set(input.eventTypes)],
        secret,
        createdBy: actor,
      },
      select: SUBSCRIPTION_FIELDS,
    });
    return { ...view(row), secret };
  });
}

export async function listSubscriptions(tenantId: string): Promise<SubscriptionView[]> {
  return withTenant(tenantId, async (tx) =>
    (await tx.webhookSubscription.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' }, select: SUBSCRIPTION_FIELDS })).map(view),
  );
}

export async function readSubscription(tenantId: string, id: string): Promise<SubscriptionView> {
  return withTenant(tenantId, async (tx) => view(await findSubscription(tx, tenantId, id)));
}

export interface UpdateSubscriptionInput {
  url?: string;
  eventTypes?: PublicEventType[];
  description?: string | null;
  enabled?: boolean;
}

export async function updateSubscription(tenantId: string, id: string, input: UpdateSubscriptionInput): Promise<SubscriptionView> {
  if (input.url !== undefined) checkUrl(input.url);
  return withTenant(tenantId, async (tx) => {
    const current = await findSubscription(tx, tenantId, id);
    const enabling = input.enabled === true && !current.enabled;
    const row = await tx.webhookSubscription.update({
      where: { id },
      data: {
        url: input.url,
        eventTypes: input.eventTypes ? [...new Set(input.eventTypes)] : undefined,
        description: input.description,
        enabled: input.enabled,
        // Enabling starts afresh: the failure count, and the clock that disables a failing endpoint.
        ...(enabling ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
        ...(input.enabled === false && current.enabled ? { disabledReason: 'disabled' } : {}),
        updatedAt: new Date(),
      },
      select: SUBSCRIPTION_FIELDS,
    });
    // Deliveries still pending from before it was disabled resume.
    if (enabling) await kickDelivery(tx, tenantId, id);
    return view(row);
  });
}

export async function deleteSubscription(tenantId: string, id: string): Promise<void> {
  await withTenant(tenantId, async (tx) => {
    await findSubscription(tx, tenantId, id);
    await tx.webhookSubscription.delete({ where: { id } });
  });
}

/** A new secret signs from now on; the old one keeps signing too for a grace period (both signatures are sent). */
export async function rotateSecret(tenantId: string, id: string): Promise<{ secret: string; previousSecretValidUntil: string }> {
  return withTenant(tenantId, async (tx) => {
    await findSubscription(tx, tenantId, id);
    const current = await tx.webhookSubscription.findFirstOrThrow({ where: { id, tenantId }, select: { secret: true } });
    const secret = newSecret();
    const until = new Date(Date.now() + webhookSettings().secretGraceMs);
    await tx.webhookSubscription.update({
      where: { id },
      data: { secret, previousSecret: current.secret, previousSecretUntil: until, updatedAt: new Date() },
    });
    return { secret, previousSecretValidUntil: until.toISOString() };
  });
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

const DELIVERY_SELECT = {
  id: true,
  subscriptionId: true,
  eventId: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { type: true } },
  attemptLog: {
    orderBy: { attempt: 'asc' },
    select: { attempt: true, startedAt: true, durationMs: true, statusCode: true, error: true, responseExcerpt: true },
  },
} as const;

type DeliveryRow = {
  id: string;
  subscriptionId: string;
  eventId: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  event: { type: string };
  attemptLog: {
    attempt: number;
    startedAt: Date;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
    responseExcerpt: string | null;
  }[];
};

function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.event.type,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    attemptLog: row.attemptLog.map((attempt) => ({ ...attempt, startedAt: attempt.startedAt.toISOString() })),
  };
}

export async function listDeliveries(
  tenantId: string,
  subscriptionId: string,
  options: { status?: string; limit?: number },
): Promise<DeliveryView[]> {
  return withTenant(tenantId, async (tx) => {
    await findSubscription(tx, tenantId, subscriptionId);
    const rows = await tx.webhookDelivery.findMany({
      where: { tenantId, subscriptionId, ...(options.status ? { status: options.status } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: Math.min(options.limit ?? 50, DELIVERIES_PAGE_MAX),
      select: DELIVERY_SELECT,
    });
    return rows.map(deliveryView);
  });
}

/** Sends a delivery again now, whatever its state; retries of it start a fresh window. */
export async function redeliver(tenantId: string, subscriptionId: string, deliveryId: string): Promise<DeliveryView> {
  return withTenant(tenantId, async (tx) => {
    const subscription = await findSubscription(tx, tenantId, subscriptionId);
    const found = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, tenantId, subscriptionId }, select: { id: true } });
    if (!found) throw new NotFound('Webhook delivery', deliveryId);
    const now = new Date();
    const row = await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: 'pending', nextAttemptAt: now, retryFrom: now, deliveredAt: null },
      select: DELIVERY_SELECT,
    });
    if (subscription.enabled) await kickDelivery(tx, tenantId, subscriptionId);
    return deliveryView(row);
  });
}
