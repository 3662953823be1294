import type { Tx } from '@/lib/db/client';
import { emitPublicEvents } from '@/lib/events-out/emit';

// The append-only audit log: every state change writes one event in its own transaction.
// It feeds quote:changes, withNotifications, and the public events (webhooks and the event feed,
// lib/events-out), which are written here in the same transaction.

export interface EventInput {
  tenantId: string;
  policyId?: string | null;
  type: string;
  actor: string;
  before?: unknown;
  after?: unknown;
  data?: unknown;
}

export async function recordEvent(tx: Tx, event: EventInput): Promise<void> {
  await tx.event.create({
    data: {
      tenantId: event.tenantId,
      policyId: event.policyId ?? null,
      type: event.type,
      actor: event.actor,
      before: toJson(event.before),
      after: toJson(event.after),
      data: toJson(event.data),
    },
  });
  await emitPublicEvents(tx, event);
}

function toJson(value: unknown): object | undefined {
  return value === undefined || value === null ? undefined : (JSON.parse(JSON.stringify(value)) as object);
}
