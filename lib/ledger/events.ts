import type { Tx } from '@/lib/db/client';
import { sqlOf, type SqlTx } from '@/lib/db/sql-tx';
import { Prisma } from '@/lib/db/generated/client';
import { publicEventsCtes, publicEventsFor, type PolicyRowForEvents } from '@/lib/events-out/emit';
import { changeNoticeSql } from '@/lib/jobs/queue';

// The append-only audit log: every state change writes one event in its own transaction.
// It feeds quote:changes, withNotifications, and the public events (webhooks and the event feed,
// lib/events-out), which are written here in the same transaction and, with the audit event,
// in the same statement.

export interface EventInput {
  tenantId: string;
  policyId?: string | null;
  type: string;
  actor: string;
  before?: unknown;
  after?: unknown;
  data?: unknown;
  /**
   * The policy row as the caller's update just returned it, for the public events' description
   * of the policy; without it that is read again (one round trip more).
   */
  policy?: PolicyRowForEvents;
  /** The long-poll keys this change wakes ("policy:<id>"), sent with the event instead of by publishChange. */
  wake?: readonly string[];
}

/**
 * The audit event, the public events it stands for with their deliveries, and the long-poll
 * notice (`wake`, as publishChange sends it) in one statement: data-modifying CTEs all run, and
 * the notice is read once by the final SELECT. NOTIFY is delivered at commit wherever it is sent.
 */
export function recordEvent(tx: Tx, event: EventInput): Promise<void> {
  return recordEventIn(sqlOf(tx), event);
}

/** recordEvent on either transaction path (lib/db/sql-tx.ts): on tenantWrite the statement goes with the next message. */
export async function recordEventIn(db: SqlTx, event: EventInput): Promise<void> {
  await db.execute(await eventStatement(db, event));
}

async function eventStatement(db: SqlTx, event: EventInput): Promise<Prisma.Sql> {
  const published = await publicEventsFor(db, event);
  const ctes = [
    Prisma.sql`audit AS (
      INSERT INTO "Event" ("tenantId", "policyId", "type", "actor", "before", "after", "data", "createdAt")
      VALUES (${event.tenantId}::uuid, ${event.policyId ?? null}::uuid, ${event.type}, ${event.actor},
        ${jsonText(event.before)}::jsonb, ${jsonText(event.after)}::jsonb, ${jsonText(event.data)}::jsonb, ${new Date()}::timestamptz)
    )`,
  ];
  if (published.length > 0) ctes.push(publicEventsCtes(event.tenantId, published));
  const wake = event.wake ?? [];
  wake.forEach((key, index) => ctes.push(Prisma.sql`${Prisma.raw(`notice${index}`)} AS (${changeNoticeSql(key)})`));
  // Each notice is read once, so each pg_notify runs exactly once.
  const final = wake.length
    ? Prisma.sql`SELECT ${Prisma.join(
        wake.map((_, index) => Prisma.raw(`(SELECT count(*) FROM notice${index})`)),
        ' + ',
      )}`
    : Prisma.sql`SELECT 1`;
  return Prisma.sql`WITH ${Prisma.join(ctes, ', ')} ${final}`;
}

/** The value as JSON text for a jsonb column; SQL NULL for none, as Prisma stores an omitted Json?. */
function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
