import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { buildPayload, type PolicySnapshot } from './payload';
import { publicTypesOf } from './types';

// Emission, inside the transaction of the state change (called by recordEvent): the public event
// row (the feed reads it; its position is set at commit) and, for each enabled subscription that
// takes the type, a pending delivery (which wakes that subscription's delivery job at commit).
// Either all of it commits with the change or none of it does.

export interface EmitInput {
  tenantId: string;
  policyId?: string | null;
  type: string;
  after?: unknown;
  data?: unknown;
}

const tenantTags = new Map<string, string>();

async function tenantTag(tx: Tx, tenantId: string): Promise<string> {
  const known = tenantTags.get(tenantId);
  if (known) return known;
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { tag: true } });
  // A tenant's tag never changes; the map holds one entry per tenant.
  tenantTags.set(tenantId, tenant.tag);
  return tenant.tag;
}

async function policySnapshot(tx: Tx, tenantId: string, policyId: string | null | undefined): Promise<PolicySnapshot | null> {
  if (!policyId) return null;
  const row = await tx.policy.findFirst({
    where: { id: policyId, tenantId },
    select: { id: true, productCode: true, quoteNumber: true, policyNumber: true, status: true, policyStatus: true, currentVersion: true },
  });
  if (!row) return null;
  return {
    id: row.id,
    product: row.productCode,
    quoteNumber: row.quoteNumber,
    policyNumber: row.policyNumber,
    status: row.status,
    policyStatus: row.policyStatus,
    version: row.currentVersion,
  };
}

export async function emitPublicEvents(tx: Tx, input: EmitInput): Promise<void> {
  const types = publicTypesOf(input);
  if (types.length === 0) return;
  const [tenant, policy] = await Promise.all([tenantTag(tx, input.tenantId), policySnapshot(tx, input.tenantId, input.policyId)]);
  for (const type of types) {
    const id = randomUUID();
    const occurredAt = new Date();
    const payload = buildPayload({ id, type, tenant, occurredAt, policy, sourceType: input.type, after: input.after, data: input.data });
    // The event and its deliveries in one statement (one round trip); each new delivery wakes its
    // subscription's delivery job at commit (trigger in migration 0008).
    await tx.$executeRaw`
      WITH event AS (
        INSERT INTO "OutboundEvent" ("id", "tenantId", "type", "payload", "occurredAt")
        VALUES (${id}::uuid, ${input.tenantId}::uuid, ${type}, ${JSON.stringify(payload)}::jsonb, ${occurredAt})
        RETURNING "id", "tenantId", "type"
      )
      INSERT INTO "WebhookDelivery" ("tenantId", "subscriptionId", "eventId")
      SELECT subscription."tenantId", subscription."id", event."id" FROM "WebhookSubscription" AS subscription, event
      WHERE subscription."tenantId" = event."tenantId" AND subscription."enabled" AND event."type" = ANY(subscription."eventTypes")`;
  }
}
