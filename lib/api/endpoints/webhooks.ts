import { z } from 'zod';
import { ADMINS, ANY_LEDGER_ROLE } from '@/lib/auth/roles';
import { FEED_PAGE_MAX } from '@/lib/events-out/feed';
import { PUBLIC_EVENT_TYPES } from '@/lib/events-out/types';
import { defineEndpoint } from '../endpoint';
import { commonProblems, problemSchema, queryBoolean } from '../schemas';

// Events out: webhook subscriptions (admin role) and the pull feed of public events.

const TAG = 'Events out';
const BASE = '/api/v1/ledger/webhooks';

const eventTypeSchema = z.enum(PUBLIC_EVENT_TYPES);
const problem = (description: string) => ({ description, schema: problemSchema, contentType: 'application/problem+json' });

const webhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .meta({ description: 'http(s) URL the events are POSTed to; private, loopback and link-local addresses are refused' });

export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(eventTypeSchema),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['disabled', 'failing'])
      .nullable()
      .meta({ description: '`disabled` by an admin, or `failing`: every attempt failed for LEDGER_WEBHOOK_DISABLE_AFTER_HOURS' }),
    failingSince: z.iso.datetime().nullable(),
    consecutiveFailures: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookSubscription', description: 'A webhook endpoint of the tenant and the event types it takes' });

const withSecret = z.object({
  ...subscriptionSchema.shape,
  secret: z.string().meta({ description: 'Standard Webhooks signing secret (`whsec_…`); shown only here and on rotation' }),
});

const attemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.iso.datetime(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable().meta({ description: 'The first KiB of the answer' }),
});

export const deliverySchema = z
  .object({
    id: z.uuid(),
    subscriptionId: z.uuid(),
    eventId: z.uuid().meta({ description: 'Also the `webhook-id` header of every attempt' }),
    eventType: eventTypeSchema,
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    attemptLog: z.array(attemptSchema),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event for one subscription, with every attempt' });

export const publicEventSchema = z
  .object({
    id: z.uuid().meta({ description: 'The event id; the `webhook-id` of its deliveries' }),
    type: eventTypeSchema,
    tenant: z.string().meta({ description: 'The tenant tag' }),
    occurredAt: z.iso.datetime(),
    data: z
      .object({
        object: z.enum(['quote', 'policy', 'document', 'request']),
        id: z.string().meta({ description: 'The record’s id (the quote or policy, document or request)' }),
        number: z.string().nullable().meta({ description: 'Quote number for quote events, else the policy number' }),
        policy: z
          .object({
            id: z.uuid(),
            product: z.string(),
            quoteNumber: z.string(),
            policyNumber: z.string().nullable(),
            status: z.string(),
            policyStatus: z.string().nullable(),
            version: z.number().int(),
          })
          .nullable()
          .meta({ description: 'Snapshot of the quote or policy concerned, at the event' }),
      })
      .catchall(z.unknown())
      .meta({ description: 'Plus the fields of the change listed per type in the README (e.g. `payable`, `version`, `reason`)' }),
  })
  .meta({ id: 'PublicEvent', description: 'The body of a webhook delivery and an entry of the event feed' });

export const createWebhookEndpoint = defineEndpoint({
  operationId: 'createWebhook',
  method: 'POST',
  path: BASE,
  summary: 'Subscribe an endpoint to events',
  description:
    'Events of the listed types are POSTed to `url` as JSON, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` headers; verify with any Standard Webhooks library and the `secret` answered here). At least once: a 2xx answer within 10 s counts as delivered; anything else is retried with exponential back-off and jitter for a day, and duplicates carry the same `webhook-id`. Order is not guaranteed (a retried event may arrive after a later one): order by the payload’s `occurredAt` or read the event feed. An endpoint that fails for 3 days is disabled. At most 25 subscriptions per tenant (409 beyond).',
  tag: TAG,
  roles: ADMINS,
  body: z.object({
    url: webhookUrl,
    eventTypes: z.array(eventTypeSchema).min(1).max(PUBLIC_EVENT_TYPES.length),
    description: z.string().max(200).optional(),
  }),
  bodyExample: {
    url: 'https://crm.example.com/hooks/ledger',
    eventTypes: ['policy.issued', 'policy.terminated'],
    description: 'CRM: new and ended policies',
  },
  idempotent: true,
  responses: {
    201: { description: 'Subscribed; the secret is shown this once', schema: withSecret },
    ...commonProblems,
    409: problem('The tenant has the most subscriptions it may have'),
    422: problem('The URL names a private, loopback or link-local address, or carries credentials'),
  },
});

export const listWebhooksEndpoint = defineEndpoint({
  operationId: 'listWebhooks',
  method: 'GET',
  path: BASE,
  summary: 'The tenant’s webhook subscriptions',
  description:
    'Every subscription of the tenant, oldest first, enabled or not, with its failure state. The signing secret is shown only when a subscription is created or its secret rotated.',
  tag: TAG,
  roles: ADMINS,
  responses: {
    200: { description: 'Subscriptions, oldest first', schema: z.object({ data: z.array(subscriptionSchema) }) },
    ...commonProblems,
  },
});

export const readWebhookEndpoint = defineEndpoint({
  operationId: 'readWebhook',
  method: 'GET',
  path: `${BASE}/{id}`,
  summary: 'One webhook subscription',
  description:
    'One subscription of the tenant with its failure state (`disabledReason`, `failingSince`, `consecutiveFailures`); never its secret.',
  tag: TAG,
  roles: ADMINS,
  responses: { 200: { description: 'The subscription', schema: subscriptionSchema }, ...commonProblems },
});

export const updateWebhookEndpoint = defineEndpoint({
  operationId: 'updateWebhook',
  method: 'PATCH',
  path: `${BASE}/{id}`,
  summary: 'Change, disable or enable a subscription',
  description:
    '`enabled: false` stops deliveries (events meanwhile are not queued for it; deliveries already pending wait). `enabled: true` resumes them and resets the failure count.',
  tag: TAG,
  roles: ADMINS,
  body: z.object({
    url: webhookUrl.optional(),
    eventTypes: z.array(eventTypeSchema).min(1).max(PUBLIC_EVENT_TYPES.length).optional(),
    description: z.string().max(200).nullable().optional(),
    enabled: z.boolean().optional(),
  }),
  bodyExample: { enabled: false },
  responses: {
    200: { description: 'The subscription', schema: subscriptionSchema },
    ...commonProblems,
    422: problem('The URL names a private, loopback or link-local address'),
  },
});

export const deleteWebhookEndpoint = defineEndpoint({
  operationId: 'deleteWebhook',
  method: 'DELETE',
  path: `${BASE}/{id}`,
  summary: 'Delete a subscription with its deliveries',
  description:
    'Its deliveries and their attempts are deleted with it. The events themselves stay in the feed (`GET /api/v1/ledger/events`).',
  tag: TAG,
  roles: ADMINS,
  responses: { 204: { description: 'Deleted' }, ...commonProblems },
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: `${BASE}/{id}/rotate-secret`,
  summary: 'A new signing secret',
  description:
    'From now on deliveries are signed with the new secret and, for 24 hours, also with the old one (two signatures in `webhook-signature`), so the receiver can switch without losing events.',
  tag: TAG,
  roles: ADMINS,
  idempotent: true,
  responses: {
    200: {
      description: 'The new secret',
      schema: z.object({ secret: z.string(), previousSecretValidUntil: z.iso.datetime() }),
    },
    ...commonProblems,
  },
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: `${BASE}/{id}/deliveries`,
  summary: 'Recent deliveries of a subscription with every attempt',
  description:
    'The latest deliveries of the subscription, newest first: 50 unless `limit` says otherwise (at most 100), only those of one `status` if it is given.',
  tag: TAG,
  roles: ADMINS,
  query: z.object({
    status: z.enum(['pending', 'delivered', 'failed']).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional().describe('At most 100; default 50'),
  }),
  responses: { 200: { description: 'Newest first', schema: z.object({ data: z.array(deliverySchema) }) }, ...commonProblems },
});

export const redeliverWebhookEndpoint = defineEndpoint({
  operationId: 'redeliverWebhook',
  method: 'POST',
  path: `${BASE}/{id}/deliveries/{deliveryId}/redeliver`,
  summary: 'Send a delivery again',
  description: 'Whatever its state, the delivery is sent again now (same `webhook-id`), with a fresh day of retries.',
  tag: TAG,
  roles: ADMINS,
  idempotent: true,
  responses: { 202: { description: 'Queued', schema: deliverySchema }, ...commonProblems },
});

export const eventFeedEndpoint = defineEndpoint({
  operationId: 'listEvents',
  method: 'GET',
  path: '/api/v1/ledger/events',
  summary: 'The event feed (for consumers that cannot take webhooks)',
  description:
    'The tenant’s public events (the webhook payloads) in commit order: a page never skips an event that commits later, nor repeats one. Start without `after`, then pass the `nextCursor` of the last page. With `longPolling=true` an empty page is held until an event commits (answering within milliseconds of the commit) or about 25 s pass.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({
    after: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional()
      .describe('Cursor: the `nextCursor` of the previous page'),
    types: z.string().max(1000).optional().describe('Comma-separated event types; default all'),
    limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).optional().describe(`At most ${FEED_PAGE_MAX}; default 100`),
    longPolling: queryBoolean,
  }),
  responses: {
    200: {
      description: 'A page of events',
      schema: z
        .object({
          data: z.array(z.object({ cursor: z.string(), ...publicEventSchema.shape })),
          nextCursor: z.string(),
          hasMore: z.boolean(),
        })
        .meta({ id: 'EventFeedPage' }),
    },
    ...commonProblems,
  },
});

/** Registered in ALL_ENDPOINTS (OpenAPI, the isolation and role matrices). */
export const WEBHOOK_ENDPOINTS = [
  createWebhookEndpoint,
  listWebhooksEndpoint,
  readWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecretEndpoint,
  listWebhookDeliveriesEndpoint,
  redeliverWebhookEndpoint,
  eventFeedEndpoint,
];
