import { z } from 'zod';
import { ANY_LEDGER_ROLE, REFERRAL_DECIDERS } from '@/lib/auth/roles';
import { DECLINE_REASONS } from '@/lib/ledger/quotes/decline-reasons';
import { QUOTE_STATES } from '@/lib/ledger/state-machine';
import { defineEndpoint } from '../endpoint';
import { commonProblems, queryBoolean, stateProblems } from '../schemas';

// The quote lifecycle endpoints (spec 4.1–4.12, API-CONTRACT §3–6).

const TAG = 'Quotes';
const BASE = '/api/v1/ledger/sales/policies';
const isoDate = z.iso.date();
const jsonObject = z.record(z.string(), z.unknown());

export const quoteBodySchema = z
  .object({
    product: z.string(),
    policy: z.object({ id: z.uuid(), dateInception: isoDate, dateExpiry: isoDate }).catchall(z.unknown()),
    customer: jsonObject,
    agent: jsonObject.optional(),
    objects: z.array(jsonObject),
    enrichment: jsonObject,
    meta: z
      .object({ status: z.enum(QUOTE_STATES), version: z.string(), revision: z.number().int(), quoteNumber: z.string() })
      .catchall(z.unknown()),
  })
  .meta({ id: 'Quote', description: 'The quote data with `policy.id`, the enrichment done so far and its state' });

export const calculationSchema = z
  .object({
    data: z
      .object({
        periodPremium: z.number(),
        currency: z.string(),
        net: z.number(),
        tax: z.number(),
        adminFee: z.number(),
        payable: z.number(),
        paymentPlan: z.string(),
      })
      .catchall(z.unknown()),
    fields: z.array(jsonObject),
    installments: z.array(jsonObject),
    meta: z
      .object({ status: z.enum(QUOTE_STATES) })
      .catchall(z.unknown())
      .optional(),
  })
  .meta({ id: 'Calculation', description: 'Spec 2.3: the premium for the period, the factors that formed it and the instalments' });

const changePatch = z
  .object({
    policy: jsonObject.optional(),
    customer: jsonObject.optional(),
    agent: jsonObject.optional(),
    objects: z.array(jsonObject).max(100).optional(),
  })
  .strict();

export const createQuoteEndpoint = defineEndpoint({
  operationId: 'createQuote',
  method: 'POST',
  path: `${BASE}/create`,
  summary: 'Create a quote from product data',
  description:
    'The body is `{ product, policy, customer, agent?, objects }` and must pass the product schema (`GET /schemas/policy/regular/<product>`), else 422 listing every field. Answers with the data, defaults applied, `policy.id` and the enrichment already done; the rest of enrichment and the first rating run in the background (poll the actions call).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: jsonObject,
  idempotent: true,
  requestHeaders: { 'Accept-Language': 'en or de' },
  responses: { 200: { description: 'The created quote', schema: quoteBodySchema }, ...commonProblems, 422: stateProblems[422] },
});

export const listQuotesEndpoint = defineEndpoint({
  operationId: 'listQuotes',
  method: 'GET',
  path: BASE,
  summary: 'List quotes and policies, newest first',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({
    search: z.string().max(100).optional().describe('Part of the customer name, quote number or policy number'),
    status: z.enum(QUOTE_STATES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  responses: { 200: { description: 'One page', schema: z.object({ data: z.array(jsonObject), meta: jsonObject }) }, ...commonProblems },
});

export const readQuoteEndpoint = defineEndpoint({
  operationId: 'getQuote',
  method: 'GET',
  path: `${BASE}/{id}`,
  summary: 'Get quote data',
  description:
    'Spec 4.2: a JSON array; the first element holds `data` (policy, customer, agent, objects), the second `meta`, `schemaPath`, `warnings` (enrichment fallbacks) and `errors` (what bind would refuse today). `withNotifications=true` adds `notifications`. The `ETag` header feeds `If-Match` on update.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ withNotifications: queryBoolean }),
  requestHeaders: { 'Accept-Language': 'en or de' },
  responses: {
    200: { description: 'The quote', schema: z.array(jsonObject).length(2), headers: { ETag: 'Revision for If-Match' } },
    ...commonProblems,
  },
});

export const updateQuoteEndpoint = defineEndpoint({
  operationId: 'updateQuote',
  method: 'PUT',
  path: `${BASE}/{id}/`,
  summary: 'Update quote data (partial; note the trailing slash)',
  description:
    'Send only changed data inside its group (`policy`, `customer`, `agent`, `objects`); objects merge as JSON merge patch (`null` removes), arrays item by item. The result must pass the product schema (422). A rating-relevant change returns a calculated quote to `draft` and re-rates it in the background; after bind only fields marked `x-editable-after-bind` may change. `If-Match` with a stale ETag is 409. While enrichment runs, 409.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: changePatch,
  requestHeaders: { 'If-Match': 'ETag from the read; stale is 409' },
  responses: { 200: { description: 'The full updated quote', schema: quoteBodySchema }, ...commonProblems, ...stateProblems },
});

export const quoteActionsEndpoint = defineEndpoint({
  operationId: 'getQuoteActions',
  method: 'GET',
  path: `${BASE}/actions/{id}`,
  summary: 'Allowed actions and links; poll until ready',
  description:
    '200 when enrichment and the background rating are done; 202 with `Retry-After` while they run. With `longPolling=true` the call is held until the quote is ready (answered within milliseconds of the job’s end) or about 25 s pass.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ longPolling: queryBoolean }),
  responses: {
    200: {
      description: 'Ready',
      schema: z.object({
        data: z.array(z.string()),
        meta: jsonObject,
        links: z.record(z.string(), z.object({ href: z.string(), method: z.string() })),
      }),
    },
    202: { description: 'Still processing (same body, `meta.ready: false`)', headers: { 'Retry-After': 'Seconds to wait' } },
    ...commonProblems,
  },
});

export const calculateQuoteEndpoint = defineEndpoint({
  operationId: 'calculateQuote',
  method: 'POST',
  path: `${BASE}/{id}/calculate`,
  summary: 'Calculate (rate) the quote now',
  description:
    'The body may be empty (recalculate) or carry changed data like an update. Answers with the calculation (spec 2.3) and `meta.status`: `calculated`, or `in-manual-referral` when an auto-referral rule fired. `withNotifications=true` records a quote-ready signal.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: changePatch,
  bodyOptional: true,
  query: z.object({ withNotifications: queryBoolean }),
  responses: { 200: { description: 'The calculation', schema: calculationSchema }, ...commonProblems, ...stateProblems },
});

export const calculationEndpoint = defineEndpoint({
  operationId: 'getCalculation',
  method: 'GET',
  path: `${BASE}/{id}/calculation`,
  summary: 'The latest calculation, without recalculating',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  responses: { 200: { description: 'The latest calculation', schema: calculationSchema }, ...commonProblems, 409: stateProblems[409] },
});

export const referQuoteEndpoint = defineEndpoint({
  operationId: 'referQuote',
  method: 'POST',
  path: `${BASE}/{id}/referrals`,
  summary: 'Send the quote to an underwriter',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z.object({ comment: z.string().trim().min(1).max(2000) }).strict(),
  responses: { 204: { description: 'Referred (state in-manual-referral)' }, ...commonProblems, 409: stateProblems[409] },
});

export const decideReferralEndpoint = defineEndpoint({
  operationId: 'decideReferral',
  method: 'POST',
  path: `${BASE}/{id}/referrals/decision`,
  summary: 'Approve or reject a referral (underwriter, admin)',
  description: 'Approve returns the quote to `calculated` (bindable); reject moves it to `referral-rejected`, a final state.',
  tag: TAG,
  roles: REFERRAL_DECIDERS,
  body: z.object({ decision: z.enum(['approve', 'reject']), comment: z.string().trim().min(1).max(2000) }).strict(),
  responses: { 204: { description: 'Decided' }, ...commonProblems, 409: stateProblems[409] },
});

export const declineQuoteEndpoint = defineEndpoint({
  operationId: 'declineQuote',
  method: 'POST',
  path: `${BASE}/{id}/decline`,
  summary: 'The customer declines the quote (final)',
  description:
    'Spec 4.10: the body is an array of two objects, `[{ "reason": "price-too-high" }, { "declinedAt": "YYYY-MM-DD" }]`. Reasons: `GET /sales/decline-reasons`.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z.tuple([z.object({ reason: z.enum(DECLINE_REASONS) }).strict(), z.object({ declinedAt: isoDate }).strict()]),
  responses: { 204: { description: 'Declined' }, ...commonProblems, 409: stateProblems[409] },
});

export const declineReasonsEndpoint = defineEndpoint({
  operationId: 'listDeclineReasons',
  method: 'GET',
  path: '/api/v1/ledger/sales/decline-reasons',
  summary: 'The predefined decline reasons with labels',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  requestHeaders: { 'Accept-Language': 'en or de' },
  responses: {
    200: { description: 'Reasons', schema: z.object({ data: z.array(z.object({ code: z.string(), label: z.string() })) }) },
    ...commonProblems,
  },
});

const emptyBody = z.object({}).strict();

export const bindQuoteEndpoint = defineEndpoint({
  operationId: 'bindQuote',
  method: 'POST',
  path: `${BASE}/{id}/bind`,
  summary: 'Bind the quote: recalculate, lock premium and terms',
  description:
    'Allowed from `calculated`. Mandatory fields missing or invalid: 422 naming each. If the recalculation fires an auto-referral, the quote goes to `in-manual-referral` and the call answers 409.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: emptyBody,
  bodyOptional: true,
  idempotent: true,
  responses: { 200: { description: 'Bound; the locked calculation', schema: calculationSchema }, ...commonProblems, ...stateProblems },
});

export const instalmentScheduleEndpoint = defineEndpoint({
  operationId: 'getInstalmentSchedule',
  method: 'GET',
  path: `${BASE}/{id}/installments-schedule`,
  summary: 'Instalment schedule, before or after issue',
  description:
    'Spec 4.9. Before issue: the schedule the rating proposes; `plan` prices another payment plan (with its surcharge) without changing the quote. After issue: the instalments of the policy’s invoices with their status. Amounts always sum to `total` to the cent.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ plan: z.enum(['annual', 'quarterly', 'monthly']).optional() }),
  responses: {
    200: {
      description: 'The schedule',
      schema: z
        .object({
          instalments: z.array(
            z.object({
              sequence: z.number().int(),
              dueDate: isoDate,
              amount: z.number(),
              currency: z.string(),
              includesAdminFee: z.boolean(),
              status: z.string(),
            }),
          ),
          paymentPlan: z.string(),
          total: z.number(),
          currency: z.string(),
          source: z.enum(['quote', 'policy']),
        })
        .meta({ id: 'InstalmentSchedule' }),
    },
    ...commonProblems,
    409: stateProblems[409],
  },
});

export const issueQuoteEndpoint = defineEndpoint({
  operationId: 'issueQuote',
  method: 'POST',
  path: `${BASE}/{id}/issue`,
  summary: 'Issue the bound quote as a policy (asynchronous)',
  description:
    'Answers at once with a `requestId`; poll `GET /requests/{requestId}` (long polling) until `success` (data: policyId, policyNumber, message) or `failed`.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: emptyBody,
  bodyOptional: true,
  idempotent: true,
  responses: { 200: { description: 'Issuing started', schema: z.object({ requestId: z.uuid() }) }, ...commonProblems, ...stateProblems },
});

export const copyQuoteEndpoint = defineEndpoint({
  operationId: 'copyQuote',
  method: 'POST',
  path: `${BASE}/{id}/copy`,
  summary: 'Copy the quote into a new draft',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: emptyBody,
  bodyOptional: true,
  idempotent: true,
  responses: { 200: { description: 'The new quote', schema: quoteBodySchema }, ...commonProblems },
});

export const quoteChangesEndpoint = defineEndpoint({
  operationId: 'getQuoteChanges',
  method: 'GET',
  path: `${BASE}/{id}/changes`,
  summary: 'The change history of a quote, newest first (quote:changes)',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  }),
  responses: { 200: { description: 'Events', schema: z.object({ data: z.array(jsonObject), meta: jsonObject }) }, ...commonProblems },
});
