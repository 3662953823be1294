import type { Tx } from '@/lib/db/client';
import { sqlOf, type SqlTx } from '@/lib/db/sql-tx';
import { Prisma } from '@/lib/db/generated/client';
import { publicEventsCtes, publicEventsFor, type PolicyRowForEvents, type PublicEventRow } from '@/lib/events-out/emit';
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
  /**
   * The quote number as SQL, where the statement the event joins draws it (a creation's insert, in
   * a CTE before the event's, eventParts): `after.quoteNumber` and the public payloads take it.
   */
  quoteNumberSql?: Prisma.Sql;
  /** The tenant's tag, where the caller has it at hand (the public events' source). */
  tenantTag?: string;
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
  await recordEventsIn(db, [event]);
}

/**
 * Several events of one tenant as one statement (the background preparation records a claim's
 * quotes together): one audit insert, one insert of their public events, one notice a key.
 */
export async function recordEventsIn(db: SqlTx, events: readonly EventInput[]): Promise<void> {
  const { ctes, noticesRead } = await eventsParts(db, events);
  await db.execute(Prisma.sql`WITH ${Prisma.join(ctes, ', ')} SELECT ${noticesRead}`);
}

/**
 * The event's part of a statement, for a caller that writes it with other CTEs of its own: the
 * CTEs, and the expression the statement's final SELECT must read so that each notice is sent
 * (once: a CTE that is not a data-modifying one runs only when read).
 */
export function eventParts(db: SqlTx, event: EventInput): Promise<{ ctes: Prisma.Sql[]; noticesRead: Prisma.Sql }> {
  return eventsParts(db, [event]);
}

/** eventParts for several events of one tenant, written in the order given. */
async function eventsParts(db: SqlTx, events: readonly EventInput[]): Promise<{ ctes: Prisma.Sql[]; noticesRead: Prisma.Sql }> {
  const tenantId = events[0]?.tenantId;
  if (tenantId === undefined) throw new Error('No event to record');
  if (events.some((event) => event.tenantId !== tenantId)) throw new Error('The events of one statement must be of one tenant');
  // One after another: the first reads the tenant's tag where it is not known yet, the rest reuse it.
  const published: PublicEventRow[] = [];
  for (const event of events) published.push(...(await publicEventsFor(db, event)));
  const createdAt = new Date();
  const audits = events.map(
    (event) => Prisma.sql`(${event.tenantId}::uuid, ${event.policyId ?? null}::uuid, ${event.type}, ${event.actor},
        ${jsonText(event.before)}::jsonb, ${afterSql(event)}, ${jsonText(event.data)}::jsonb, ${createdAt}::timestamptz)`,
  );
  const ctes = [
    Prisma.sql`audit AS (
      INSERT INTO "Event" ("tenantId", "policyId", "type", "actor", "before", "after", "data", "createdAt")
      VALUES ${Prisma.join(audits)}
    )`,
  ];
  if (published.length > 0) ctes.push(publicEventsCtes(tenantId, published));
  const wake = events.length === 1 ? (events[0]!.wake ?? []) : [...new Set(events.flatMap((event) => event.wake ?? []))];
  wake.forEach((key, index) => ctes.push(Prisma.sql`${Prisma.raw(`notice${index}`)} AS (${changeNoticeSql(key)})`));
  const noticesRead = wake.length
    ? Prisma.join(
        wake.map((_, index) => Prisma.raw(`(SELECT count(*) FROM notice${index})`)),
        ' + ',
      )
    : Prisma.sql`1`;
  return { ctes, noticesRead };
}

/** The audit event's `after`, with the quote number the statement draws where it draws one. */
function afterSql(event: EventInput): Prisma.Sql {
  const after = Prisma.sql`${jsonText(event.after)}::jsonb`;
  return event.quoteNumberSql ? Prisma.sql`jsonb_set(${after}, '{quoteNumber}', to_jsonb(${event.quoteNumberSql}))` : after;
}

/** The value as JSON text for a jsonb column; SQL NULL for none, as Prisma stores an omitted Json?. */
function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
