import { z } from 'zod';
import { ANY_LEDGER_ROLE, REFERRAL_DECIDERS } from '@/lib/auth/roles';
import { DECLINE_REASONS } from '@/lib/ledger/quotes/decline-reasons';
import { QUOTE_SORTS } from '@/lib/ledger/quotes/quote-sorts';
import { POLICY_STATES, QUOTE_STATES } from '@/lib/ledger/state-machine';
import { PAYMENT_PLANS } from '@/lib/rating/types';
import { defineEndpoint } from '../endpoint';
import { BIND_EXAMPLE, CALCULATION_EXAMPLE, createBodyDocument, CREATE_EXAMPLE, QUOTE_EXAMPLE, QUOTE_READ_EXAMPLE } from '../examples';
import { commonProblems, queryBoolean, stateProblems } from '../schemas';

// The quote lifecycle endpoints (spec 4.1–4.12, API-CONTRACT §3–6).

const TAG = 'Quotes';
const BASE = '/api/v1/ledger/sales/policies';
const isoDate = z.iso.date();
const jsonObject = z.record(z.string(), z.unknown());
const dateTime = z.iso.datetime({ offset: true });
const amount = z.number().meta({ description: 'An amount in `currency`, at most two decimals' });

export const quoteMetaSchema = z
  .object({
    status: z.enum(QUOTE_STATES),
    version: z.string().meta({ description: 'The quote’s version, a whole number as a string' }),
    revision: z.number().int().meta({ description: 'Counts every change; the ETag is derived from it' }),
    etag: z.string().meta({ description: 'The value for If-Match, as in the ETag header' }),
    quoteNumber: z.string(),
    policyNumber: z.string().nullable().meta({ description: 'Set once the quote is issued, e.g. ACME-HOME-2026-000123' }),
    policyStatus: z.enum(POLICY_STATES).nullable(),
    product: z.string(),
    enrichment: z.enum(['pending', 'done']).meta({ description: 'Whether enrichment and the background rating have finished' }),
    referral: jsonObject.nullable().meta({ description: 'The referral on file: comment, who, when, and the decision once made' }),
    decline: jsonObject.nullable().meta({ description: 'The decline on file: reason and date' }),
    renewalOf: z.uuid().nullable(),
    validUntil: dateTime.nullable().meta({
      description:
        'While calculated or bound: the instant the price stops being valid, the product’s days (30) from the calculation; bind and issue are 409 after it until the quote is recalculated. Null otherwise',
    }),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'QuoteMeta', description: 'The state and identity of a quote' });

const policyGroup = z
  .object({
    id: z.uuid(),
    dateInception: isoDate,
    dateExpiry: isoDate,
    paymentPlan: z.enum(PAYMENT_PLANS).optional(),
  })
  .catchall(z.unknown())
  .meta({ description: 'The product’s policy fields with `id`; dates are YYYY-MM-DD' });

export const quoteBodySchema = z
  .object({
    product: z.string(),
    policy: policyGroup,
    customer: jsonObject,
    agent: jsonObject.optional(),
    objects: z.array(jsonObject),
    enrichment: jsonObject,
    meta: quoteMetaSchema,
  })
  .meta({ id: 'Quote', description: 'The quote data with `policy.id`, the enrichment done so far and its state' });

const notice = z.object({ path: z.string(), message: z.string() }).catchall(z.unknown());

/** Spec 4.2: a two-element array, `[ { data }, { meta, schemaPath, warnings, errors } ]`. */
export const quoteReadSchema = z
  .tuple([
    z.object({
      data: z.object({
        policy: policyGroup,
        customer: jsonObject,
        agent: jsonObject.nullable(),
        objects: z.array(jsonObject),
        enrichment: jsonObject,
      }),
    }),
    z.object({
      meta: quoteMetaSchema.nullable(),
      schemaPath: z.string(),
      warnings: z.array(notice),
      errors: z.array(notice),
      notifications: z.array(jsonObject).optional(),
    }),
  ])
  .meta({ id: 'QuoteRead', description: 'Spec 4.2: the data, then meta, schema path, warnings and errors' });

export const referralSchema = z
  .object({ rule: z.string(), message: z.string(), path: z.string().optional() })
  .meta({ id: 'Referral', description: 'A product rule that refers the quote to an underwriter' });

export const calculationSchema = z
  .object({
    data: z.object({
      periodPremium: amount,
      currency: z.string(),
      net: amount,
      tax: amount,
      taxRate: z.number(),
      taxCountry: z
        .string()
        .meta({ description: 'The place of risk’s country, whose tax applies (residence for travel and pet, the property for home)' }),
      taxJurisdiction: z.string().optional(),
      taxName: z
        .object({ en: z.string(), de: z.string() })
        .optional()
        .meta({ description: 'The tax’s name in its jurisdiction, in each language' }),
      adminFee: amount,
      instalmentSurcharge: amount,
      brokerCommission: amount,
      brokerCommissionRate: z.number(),
      mgaCommission: amount,
      mgaCommissionRate: z.number(),
      insurerNet: amount,
      payable: amount,
      paymentPlan: z.enum(PAYMENT_PLANS),
      termDays: z.number().int(),
      annualisedPremium: amount.optional().meta({
        description: 'Issued policies only: the latest version rated for a whole year; `periodPremium` is what the term is charged',
      }),
    }),
    fields: z.array(
      z.object({
        field: z.string(),
        label: z.string(),
        value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
        factor: z.number(),
        effect: z.enum(['base', 'factor', 'loading', 'discount', 'minimum']),
        amount,
      }),
    ),
    installments: z.array(
      z.object({ sequence: z.number().int(), dueDate: isoDate, amount, currency: z.string(), includesAdminFee: z.boolean() }),
    ),
    referrals: z.array(referralSchema).meta({ description: 'Rules that referred the quote; empty when none fired' }),
    meta: quoteMetaSchema.optional(),
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

// Spec 4.4: calculate takes an empty body, a change like an update, or a payload like the create
// payload; `product`, when sent, must be the quote's own product.
const calculatePayload = changePatch
  .extend({ product: z.string().max(40).optional().meta({ description: 'The quote’s product code, as in the create payload' }) })
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
  bodyDocument: createBodyDocument(),
  bodyExample: CREATE_EXAMPLE,
  idempotent: true,
  requestHeaders: { 'Accept-Language': 'en or de: the language of validation messages' },
  responses: {
    200: { description: 'The created quote', schema: quoteBodySchema, example: QUOTE_EXAMPLE },
    ...commonProblems,
    422: stateProblems[422],
  },
});

export const listQuotesEndpoint = defineEndpoint({
  operationId: 'listQuotes',
  method: 'GET',
  path: BASE,
  summary: 'List quotes and policies, newest first unless sorted',
  description:
    'The tenant’s quotes and policies, 20 a page by default; `search` looks in customer names, quote and policy numbers; `renewal=due` lists the renewal quotes still to be worked, `payment=overdue` the policies in arrears; `inceptionFrom`/`inceptionTo` and `createdFrom`/`createdTo` bound the dates (both ends included; a range ending before it starts is a 400).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z
    .object({
      search: z.string().max(100).optional().describe('Part of the customer name, quote number or policy number'),
      status: z.enum(QUOTE_STATES).optional(),
      productCode: z.string().max(40).optional().describe('Only this product’s quotes and policies'),
      renewal: z
        .enum(['due'])
        .optional()
        .describe(
          '`due`: only renewal quotes still to be worked (not issued, declined or rejected), made by hand or by the daily renewal run',
        ),
      payment: z
        .enum(['overdue'])
        .optional()
        .describe(
          '`overdue`: only policies with an instalment still owed after its due date (judged on the business date of the tenant, or of the product when it has its own zone)',
        ),
      inceptionFrom: isoDate.optional().describe('Only cover starting on or after this date (`YYYY-MM-DD`)'),
      inceptionTo: isoDate.optional().describe('Only cover starting on or before this date (`YYYY-MM-DD`)'),
      createdFrom: isoDate.optional().describe('Only quotes created on or after this date, in the tenant’s time zone (`YYYY-MM-DD`)'),
      createdTo: isoDate.optional().describe('Only quotes created on or before this date, in the tenant’s time zone (`YYYY-MM-DD`)'),
      sort: z.enum(QUOTE_SORTS).default('-createdAt').describe('The column to order by; a leading `-` is descending'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    })
    .superRefine((query, context) => {
      // A range that ends before it starts is a mistake, not an empty list: the caller is told which end.
      for (const [from, to] of [
        ['inceptionFrom', 'inceptionTo'],
        ['createdFrom', 'createdTo'],
      ] as const) {
        const start = query[from];
        const end = query[to];
        if (start && end && start > end) context.addIssue({ code: 'custom', path: [to], message: `${to} must not be before ${from}` });
      }
    }),
  responses: {
    200: {
      description: 'One page',
      schema: z.object({
        data: z.array(
          z.object({
            id: z.uuid(),
            quoteNumber: z.string(),
            policyNumber: z.string().nullable(),
            productCode: z.string(),
            status: z.enum(QUOTE_STATES),
            policyStatus: z.enum(POLICY_STATES).nullable(),
            customerName: z.string(),
            referral: jsonObject.nullable(),
            payable: amount.nullable().meta({ description: 'The latest calculation’s payable; null before the first' }),
            currency: z.string().nullable(),
            dateInception: isoDate,
            createdAt: dateTime,
            renewalOf: z.uuid().nullable().meta({ description: 'The policy a renewal quote renews; null otherwise' }),
            overdue: z
              .object({
                amount: amount,
                currency: z.string(),
                oldestDueDate: isoDate.meta({ description: 'The due date of the oldest instalment still owed' }),
              })
              .nullable()
              .meta({ description: 'What is owed on instalments past their due date today; null when nothing is' }),
          }),
        ),
        meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
      }),
    },
    ...commonProblems,
  },
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
    200: {
      description: 'The quote',
      schema: quoteReadSchema,
      headers: { ETag: { description: 'Revision for If-Match', required: true } },
      example: QUOTE_READ_EXAMPLE,
    },
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
  bodyExample: { policy: { paymentPlan: 'monthly' }, customer: { phone: '+44 20 7946 0999' } },
  requestHeaders: { 'If-Match': 'ETag from the read; stale is 409', 'Accept-Language': 'en or de: the language of validation messages' },
  responses: {
    200: {
      description: 'The full updated quote',
      schema: quoteBodySchema,
      headers: { ETag: { description: 'New revision', required: true } },
    },
    ...commonProblems,
    ...stateProblems,
  },
});

const quoteActionsSchema = z
  .object({
    data: z.array(z.string()).meta({ description: 'The spec’s action keys allowed now' }),
    meta: z.object({ status: z.enum(QUOTE_STATES), version: z.string(), ready: z.boolean(), revision: z.number().int() }),
    links: z
      .record(z.string(), z.object({ href: z.string(), method: z.enum(['GET', 'POST', 'PUT']) }))
      .meta({ description: 'Action key to link; `quote:changes` always, the others when allowed' }),
  })
  .meta({ id: 'QuoteActions' });

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
      schema: quoteActionsSchema,
      example: {
        data: ['quote:download', 'quote:update', 'quote:copy', 'quote:calculate'],
        meta: { status: 'calculated', version: '1', ready: true, revision: 3 },
        links: {
          'quote:changes': { href: '/api/v1/ledger/sales/policies/0b6f3c1e-8d1a-4f7e-9c55-2a4b5d6e7f80/changes', method: 'GET' },
          'quote:bind': { href: '/api/v1/ledger/sales/policies/0b6f3c1e-8d1a-4f7e-9c55-2a4b5d6e7f80/bind', method: 'POST' },
        },
      },
    },
    202: {
      description: 'Still processing: the same body with `meta.ready: false`',
      schema: quoteActionsSchema,
      headers: { 'Retry-After': { description: 'Seconds to wait', required: true } },
    },
    ...commonProblems,
  },
});

export const calculateQuoteEndpoint = defineEndpoint({
  operationId: 'calculateQuote',
  method: 'POST',
  path: `${BASE}/{id}/calculate`,
  summary: 'Calculate (rate) the quote now',
  description:
    'The body may be empty (recalculate), carry changed data like an update, or be shaped like the create payload (`{ product, policy, customer, agent?, objects }`, merged into the quote as an update is; `product` must be the quote’s own, else 422). Answers with the calculation (spec 2.3) and `meta.status`: `calculated`, or `in-manual-referral` when an auto-referral rule fired. `withNotifications=true` records a quote-ready signal. Each calculation renews the price’s validity (`meta.validUntil`); a bound quote past it may be recalculated too and is then `calculated` again.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: calculatePayload,
  bodyOptional: true,
  bodyExample: {},
  idempotent: true,
  query: z.object({ withNotifications: queryBoolean }),
  responses: {
    200: { description: 'The calculation', schema: calculationSchema, example: CALCULATION_EXAMPLE },
    ...commonProblems,
    ...stateProblems,
  },
});

export const calculationEndpoint = defineEndpoint({
  operationId: 'getCalculation',
  method: 'GET',
  path: `${BASE}/{id}/calculation`,
  summary: 'The latest calculation, without recalculating',
  description:
    'Spec 4.5: the latest known premium for the current data, package and schedule; it never recalculates or writes. 409 while the quote has no calculation yet. For an issued policy the amounts are what is charged for the term (the journal, after every MTA and termination), `installments` the open instalments of the schedule, and `data.annualisedPremium` the latest version rated for a whole year.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  responses: { 200: { description: 'The latest calculation', schema: calculationSchema }, ...commonProblems, 409: stateProblems[409] },
});

export const referQuoteEndpoint = defineEndpoint({
  operationId: 'referQuote',
  method: 'POST',
  path: `${BASE}/{id}/referrals`,
  summary: 'Send the quote to an underwriter',
  description: 'Spec 4.6: the quote goes to `in-manual-referral` with the comment; issuing and binding wait for an underwriter’s decision.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z.object({ comment: z.string().trim().min(1).max(2000) }).strict(),
  bodyExample: { comment: 'Customer asks for a higher sum insured than usual' },
  idempotent: true,
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
  bodyExample: { decision: 'approve', comment: 'Within appetite after checking the valuation' },
  idempotent: true,
  responses: { 204: { description: 'Decided' }, ...commonProblems, 409: stateProblems[409] },
});

export const declineQuoteEndpoint = defineEndpoint({
  operationId: 'declineQuote',
  method: 'POST',
  path: `${BASE}/{id}/decline`,
  summary: 'The customer declines the quote (final)',
  description:
    'Spec 4.10: the body is an array of two objects, `[{ "reason": "price-too-high" }, { "declinedAt": "YYYY-MM-DD" }]`. Reasons: `GET /sales/decline-reasons`. `declinedAt` lies between the quote’s creation and today (local dates of the business’s time zone), else 422 at `/1/declinedAt`.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z.tuple([z.object({ reason: z.enum(DECLINE_REASONS) }).strict(), z.object({ declinedAt: isoDate }).strict()]),
  bodyExample: [{ reason: 'price-too-high' }, { declinedAt: '2026-06-01' }],
  idempotent: true,
  responses: { 204: { description: 'Declined' }, ...commonProblems, ...stateProblems },
});

export const declineReasonsEndpoint = defineEndpoint({
  operationId: 'listDeclineReasons',
  method: 'GET',
  path: '/api/v1/ledger/sales/decline-reasons',
  summary: 'The predefined decline reasons with labels',
  description: 'The reasons `POST /sales/policies/{id}/decline` accepts, with labels in the language of `Accept-Language`.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  requestHeaders: { 'Accept-Language': 'en or de' },
  responses: {
    200: {
      description: 'Reasons',
      schema: z.object({ data: z.array(z.object({ code: z.enum(DECLINE_REASONS), label: z.string() })) }),
      example: { data: [{ code: 'price-too-high', label: 'The price is too high' }] },
    },
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
    'Allowed from `calculated`. A price past its validity (`meta.validUntil`, the product’s days from the calculation) is 409 with the reason and `allowedActions` containing `calculate`: recalculate first, which renews it. Mandatory fields missing or invalid: 422 naming each. If the recalculation fires an auto-referral, the quote goes to `in-manual-referral` and the call answers 409.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: emptyBody,
  bodyOptional: true,
  bodyExample: {},
  idempotent: true,
  responses: {
    200: { description: 'Bound; the locked calculation', schema: calculationSchema, example: BIND_EXAMPLE },
    ...commonProblems,
    ...stateProblems,
  },
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
    422: { ...stateProblems[422], description: 'The product does not offer the payment plan asked for' },
  },
});

export const issueQuoteEndpoint = defineEndpoint({
  operationId: 'issueQuote',
  method: 'POST',
  path: `${BASE}/{id}/issue`,
  summary: 'Issue the bound quote as a policy (asynchronous)',
  description:
    'Answers at once with a `requestId`; poll `GET /requests/{requestId}` (long polling) until `success` (data: policyId, policyNumber, message) or `failed`. A bound quote whose price is past its validity (`meta.validUntil`) is 409 with the reason and `allowedActions` containing `calculate`: recalculating it makes it `calculated` again, to be bound again.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: emptyBody,
  bodyOptional: true,
  bodyExample: {},
  idempotent: true,
  responses: {
    200: {
      description: 'Issuing started',
      schema: z.object({ requestId: z.uuid() }).meta({ id: 'RequestStarted' }),
      example: { requestId: '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10' },
    },
    ...commonProblems,
    ...stateProblems,
  },
});

export const copyQuoteEndpoint = defineEndpoint({
  operationId: 'copyQuote',
  method: 'POST',
  path: `${BASE}/{id}/copy`,
  summary: 'Copy the quote into a new draft',
  description: 'A new draft with the data of this quote (any state); it is enriched and rated afresh in the background.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: emptyBody,
  bodyOptional: true,
  bodyExample: {},
  idempotent: true,
  responses: { 200: { description: 'The new quote', schema: quoteBodySchema }, ...commonProblems },
});

export const quoteChangesEndpoint = defineEndpoint({
  operationId: 'getQuoteChanges',
  method: 'GET',
  path: `${BASE}/{id}/changes`,
  summary: 'The change history of a quote, newest first (quote:changes)',
  description: 'The quote’s change events (create, update, calculate, refer, bind, issue, ...), newest first, paged.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  }),
  responses: {
    200: {
      description: 'Events',
      schema: z.object({
        data: z.array(
          z.object({
            id: z.string().meta({ description: 'Increasing event number' }),
            type: z.string().meta({ description: 'e.g. quote.created, quote.calculated, quote.bound, policy.issued' }),
            actor: z.string(),
            at: dateTime,
            before: z.unknown().meta({ description: 'The changed values before, when the event changed data' }),
            after: z.unknown(),
            data: z.unknown(),
          }),
        ),
        meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
      }),
    },
    ...commonProblems,
  },
});
