import { redeliverWebhookEndpoint } from '@/lib/api/endpoints/webhooks';
import { redeliver } from '@/lib/events-out/subscriptions';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(redeliverWebhookEndpoint, async ({ tenant, params }) =>
  Response.json(
    await redeliver(tenant.id, requireUuid(params.id, 'Webhook subscription'), requireUuid(params.deliveryId, 'Webhook delivery')),
    { status: 202 },
  ),
);
