import { deleteWebhookEndpoint, readWebhookEndpoint, updateWebhookEndpoint } from '@/lib/api/endpoints/webhooks';
import { deleteSubscription, readSubscription, updateSubscription } from '@/lib/events-out/subscriptions';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(readWebhookEndpoint, async ({ tenant, params }) =>
  readSubscription(tenant.id, requireUuid(params.id, 'Webhook subscription')),
);

export const PATCH = ledgerRoute(updateWebhookEndpoint, async ({ tenant, params, body }) =>
  updateSubscription(tenant.id, requireUuid(params.id, 'Webhook subscription'), body),
);

export const DELETE = ledgerRoute(deleteWebhookEndpoint, async ({ tenant, params }) => {
  await deleteSubscription(tenant.id, requireUuid(params.id, 'Webhook subscription'));
  return new Response(null, { status: 204 });
});
