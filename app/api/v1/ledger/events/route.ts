import { eventFeedEndpoint } from '@/lib/api/endpoints/webhooks';
import { BadRequest } from '@/lib/errors';
import { readFeed, waitForFeed, type FeedQuery } from '@/lib/events-out/feed';
import { isPublicEventType } from '@/lib/events-out/types';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(eventFeedEndpoint, async ({ tenant, query, request }) => {
  const types = query.types
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = types?.filter((type) => !isPublicEventType(type)) ?? [];
  if (unknown.length) {
    throw new BadRequest('Unknown event types', [{ path: '/query/types', message: `Not an event type: ${unknown.join(', ')}` }]);
  }
  const feedQuery: FeedQuery = { after: BigInt(query.after ?? '0'), types: types?.length ? types : null, limit: query.limit ?? 100 };
  return query.longPolling ? waitForFeed(tenant.id, tenant.tag, feedQuery, request.signal) : readFeed(tenant.id, feedQuery);
});
