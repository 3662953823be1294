import { listWebhookDeliveriesEndpoint } from '@/lib/api/endpoints/webhooks';
import { listDeliveries } from '@/lib/events-out/subscriptions';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(listWebhookDeliveriesEndpoint, async ({ tenant, params, query }) => ({
  data: await listDeliveries(tenant.id, requireUuid(params.id, 'Webhook subscription'), query),
}));
