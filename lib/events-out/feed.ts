import { Prisma } from '@/lib/db/generated/client';
import { withTenant } from '@/lib/db/tenant';
import { LONG_POLL_TIMEOUT_MS, waitFor } from '@/lib/jobs/wait';

// The pull feed: a tenant's public events in commit order (each event's FeedEntry, written at
// commit: migrations 0008 and 0020), paged by an opaque cursor. A long poll waits for the next
// commit of an event (NOTIFY "events:<tenant>" from the same trigger).

export const FEED_PAGE_MAX = 200;

export interface FeedPage {
  data: (Record<string, unknown> & { cursor: string })[];
  nextCursor: string;
  hasMore: boolean;
}

export interface FeedQuery {
  after: bigint;
  types: string[] | null;
  limit: number;
}

export async function readFeed(tenantId: string, query: FeedQuery): Promise<FeedPage> {
  const limit = Math.min(Math.max(query.limit, 1), FEED_PAGE_MAX);
  const ofTypes = query.types ? Prisma.sql`AND entry."type" = ANY(${query.types}::text[])` : Prisma.empty;
  const rows = await withTenant(
    tenantId,
    (tx) => tx.$queryRaw<{ position: bigint; payload: Record<string, unknown> }[]>`
      SELECT entry."position", event."payload" FROM "FeedEntry" AS entry JOIN "OutboundEvent" AS event ON event."id" = entry."eventId"
      WHERE entry."tenantId" = ${tenantId}::uuid AND entry."position" > ${query.after} ${ofTypes}
      ORDER BY entry."position" LIMIT ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => ({ cursor: String(row.position), ...row.payload })),
    nextCursor: String(page.at(-1)?.position ?? query.after),
    hasMore: rows.length > limit,
  };
}

/** Answers as soon as there is at least one event after the cursor, or with an empty page after about 25 s. */
export async function waitForFeed(tenantId: string, tenantTag: string, query: FeedQuery, signal?: AbortSignal): Promise<FeedPage> {
  const page = await waitFor(
    `events:${tenantId}`,
    async () => {
      const current = await readFeed(tenantId, query);
      return current.data.length > 0 ? current : null;
    },
    LONG_POLL_TIMEOUT_MS,
    signal,
    tenantTag,
  );
  return page ?? { data: [], nextCursor: String(query.after), hasMore: false };
}
