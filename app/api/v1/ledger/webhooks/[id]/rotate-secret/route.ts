import { rotateWebhookSecretEndpoint } from '@/lib/api/endpoints/webhooks';
import { rotateSecret } from '@/lib/events-out/subscriptions';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(rotateWebhookSecretEndpoint, async ({ tenant, params }) =>
  rotateSecret(tenant.id, requireUuid(params.id, 'Webhook subscription')),
);
