import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { sqlOf, type SqlTx } from '@/lib/db/sql-tx';
import { Prisma } from '@/lib/db/generated/client';
import { buildPayload, type PolicySnapshot, type PublicEventPayload } from './payload';
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
  /** The policy row as this transaction just wrote it; without it the row is read again. */
  policy?: PolicyRowForEvents;
  /**
   * The quote number as SQL, where the statement the events join draws it (a creation's insert,
   * in a CTE before them): the payloads take it from there rather than from `policy`.
   */
  quoteNumberSql?: Prisma.Sql;
  /** The tenant's tag, where the caller has it at hand; otherwise it is read (once a process). */
  tenantTag?: string;
}

/** The columns of a policy row the public events describe it by. */
export interface PolicyRowForEvents {
  id: string;
  productCode: string;
  quoteNumber: string;
  policyNumber: string | null;
  status: string;
  policyStatus: string | null;
  currentVersion: number;
}

export interface PublicEventRow {
  id: string;
  type: string;
  /** The payload as a jsonb expression. */
  payload: Prisma.Sql;
  occurredAt: Date;
}

const tenantTags = new Map<string, string>();

async function tenantTag(db: SqlTx, tenantId: string): Promise<string> {
  const known = tenantTags.get(tenantId);
  if (known) return known;
  const [tenant] = await db.query<{ tag: string }>(Prisma.sql`SELECT "tag" FROM "Tenant" WHERE "id" = ${tenantId}::uuid`);
  if (!tenant) throw new Error(`No tenant ${tenantId} to describe the event's source by`);
  // A tenant's tag never changes; the map holds one entry per tenant.
  tenantTags.set(tenantId, tenant.tag);
  return tenant.tag;
}

function snapshotOf(row: PolicyRowForEvents): PolicySnapshot {
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

async function policySnapshot(db: SqlTx, input: EmitInput): Promise<PolicySnapshot | null> {
  if (!input.policyId) return null;
  if (input.policy) {
    if (input.policy.id !== input.policyId) throw new Error('The policy row given for the public event is another policy');
    return snapshotOf(input.policy);
  }
  const [row] = await db.query<PolicyRowForEvents>(Prisma.sql`SELECT "id", "productCode", "quoteNumber", "policyNumber", "status",
      "policyStatus", "currentVersion" FROM "Policy" WHERE "id" = ${input.policyId}::uuid AND "tenantId" = ${input.tenantId}::uuid`);
  return row ? snapshotOf(row) : null;
}

/** The public events an internal event stands for, with their payloads; none for internal-only types. */
export async function publicEventsFor(db: SqlTx, input: EmitInput): Promise<PublicEventRow[]> {
  const types = publicTypesOf(input);
  if (types.length === 0) return [];
  const [tenant, policy] = await Promise.all([input.tenantTag ?? tenantTag(db, input.tenantId), policySnapshot(db, input)]);
  return types.map((type) => {
    const id = randomUUID();
    const occurredAt = new Date();
    const payload = buildPayload({ id, type, tenant, occurredAt, policy, sourceType: input.type, after: input.after, data: input.data });
    return { id, type, payload: payloadSql(payload, input.quoteNumberSql), occurredAt };
  });
}

/** The payload as jsonb, with the quote number drawn by the statement set where the payload names it. */
function payloadSql(payload: PublicEventPayload, quoteNumberSql: Prisma.Sql | undefined): Prisma.Sql {
  let sql = Prisma.sql`${JSON.stringify(payload)}::jsonb`;
  if (!quoteNumberSql) return sql;
  const paths = [
    ...(payload.data.object === 'quote' ? ['{data,number}'] : []),
    ...(payload.data.policy ? ['{data,policy,quoteNumber}'] : []),
  ];
  for (const path of paths) sql = Prisma.sql`jsonb_set(${sql}, ${path}::text[], to_jsonb(${quoteNumberSql}))`;
  return sql;
}

/**
 * The public events and their deliveries as data-modifying CTEs for one statement (one round
 * trip). Each new delivery wakes its subscription's delivery job at commit (trigger in migration 0008).
 */
export function publicEventsCtes(tenantId: string, events: readonly PublicEventRow[]): Prisma.Sql {
  const rows = Prisma.join(
    events.map(
      (event) => Prisma.sql`(${event.id}::uuid, ${tenantId}::uuid, ${event.type}, ${event.payload}, ${event.occurredAt}::timestamptz)`,
    ),
  );
  return Prisma.sql`event AS (
      INSERT INTO "OutboundEvent" ("id", "tenantId", "type", "payload", "occurredAt")
      VALUES ${rows}
      RETURNING "id", "tenantId", "type"
    ),
    delivery AS (
      INSERT INTO "WebhookDelivery" ("tenantId", "subscriptionId", "eventId")
      SELECT subscription."tenantId", subscription."id", event."id" FROM "WebhookSubscription" AS subscription, event
      WHERE subscription."tenantId" = event."tenantId" AND subscription."enabled" AND event."type" = ANY(subscription."eventTypes")
    )`;
}

export async function emitPublicEvents(tx: Tx, input: EmitInput): Promise<void> {
  const events = await publicEventsFor(sqlOf(tx), input);
  // Data-modifying CTEs run to completion whether or not the query reads them.
  if (events.length > 0) await tx.$executeRaw`WITH ${publicEventsCtes(input.tenantId, events)} SELECT 1`;
}
