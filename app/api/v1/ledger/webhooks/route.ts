import { createWebhookEndpoint, listWebhooksEndpoint } from '@/lib/api/endpoints/webhooks';
import { createSubscription, listSubscriptions } from '@/lib/events-out/subscriptions';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = ledgerRoute(createWebhookEndpoint, async ({ tenant, principal, body }) =>
  Response.json(await createSubscription(tenant.id, principal.subject, body), { status: 201 }),
);

export const GET = ledgerRoute(listWebhooksEndpoint, async ({ tenant }) => ({ data: await listSubscriptions(tenant.id) }));
