import { z } from 'zod';
import { ANY_LEDGER_ROLE } from '@/lib/auth/roles';
import { INSTALMENT_STATES } from '@/lib/ledger/payments/allocation';
import { INSTALLMENT_VIEW_CODES } from '@/lib/ledger/policies/installments-view';
import { RENEWAL_BLOCKS } from '@/lib/ledger/policies/renewal-eligibility';
import { balanceSchema } from './payments';
import { TERMINATION_TYPES } from '@/lib/ledger/policies/termination-refund';
import { POLICY_STATES } from '@/lib/ledger/state-machine';
import { defineEndpoint } from '../endpoint';
import { commonProblems, queryBoolean, stateProblems } from '../schemas';

// Issued policies (spec 4.14–4.16, API-CONTRACT §5): read with links, mid-term adjustment,
// data change, termination, renewal, and the instalments view.

const TAG = 'Policies';
const BASE = '/api/v1/ledger/policies';
const isoDate = z.iso.date();
const jsonObject = z.record(z.string(), z.unknown());
const link = z.object({ href: z.string(), method: z.enum(['GET', 'POST']), title: z.string() });

const policyPatchShape = {
  policy: jsonObject.optional(),
  customer: jsonObject.optional(),
  agent: jsonObject.optional(),
  objects: z.array(jsonObject).max(100).optional(),
};

const amounts = z
  .object({
    net: z.number(),
    tax: z.number(),
    fees: z.number(),
    brokerCommission: z.number(),
    mgaCommission: z.number(),
    insurerNet: z.number(),
    payable: z.number(),
  })
  .meta({ id: 'PremiumAmounts', description: 'A premium movement by part; the payable is net + tax + fees' });

const ifMatchHeader = { 'If-Match': 'ETag from GET /policies/{id}/links; stale is 409' };

const coverageDate = z.union([isoDate, z.iso.datetime()]).meta({
  description:
    'The instant cover starts or ends: local midnight in the tenant’s time zone, in UTC (`2027-06-30T23:00:00.000Z` for 1 July in London); or `YYYY-MM-DD` with forceCoverageDateFormat=true',
});

export const policySchema = z
  .object({
    data: z.object({
      policy: z
        .object({ id: z.uuid(), dateInception: coverageDate, dateExpiry: coverageDate })
        .catchall(z.unknown())
        .meta({ description: 'The product’s policy fields with `id`' }),
      customer: jsonObject,
      agent: jsonObject.nullable(),
      objects: z.array(jsonObject),
    }),
    meta: z
      .object({
        status: z.enum(POLICY_STATES),
        statusLabel: z.string(),
        version: z.string().meta({ description: 'The version returned, a whole number from 1 as a string' }),
        versionLabel: z.string(),
        schemaPath: z.string(),
        policyNumber: z.string(),
        effectiveFrom: coverageDate,
        periodPremium: z.number().meta({ description: 'The premium charged for the term: the sum of the non-cancelled instalments' }),
        annualisedPremium: z.number().meta({ description: 'The selected version rated for a whole year' }),
        pendingTermination: z
          .object({
            effectiveDate: isoDate,
            reason: z.string().meta({ description: 'A code from the product’s termination reasons' }),
            note: z.string().optional(),
            terminationType: z.enum(TERMINATION_TYPES),
          })
          .nullable()
          .meta({ description: 'A termination dated in the future, while it waits for its date' }),
        renewal: z
          .object({
            eligible: z.boolean(),
            reason: z.enum(RENEWAL_BLOCKS).nullable(),
            detail: z.string().nullable().meta({ description: 'Why it may not be renewed now, in a sentence; null when it may' }),
            windowOpensOn: isoDate,
            quoteId: z.uuid().nullable().meta({ description: 'The renewal quote in progress (by hand or by the renewal run)' }),
          })
          .meta({ description: 'Whether `policy:renew` is allowed now, and why not' }),
      })
      .catchall(z.unknown())
      .meta({
        description:
          'Also the version list (each with `replaysVersion`, the version an out-of-sequence MTA applied again, and `voided`) and renewal facts',
      }),
    links: z.record(z.string(), link).meta({
      description:
        'policy:mta, policy:data-change, policy:terminate, policy:withdraw-termination, policy:reinstate, policy:renew: present when allowed now',
    }),
  })
  .meta({ id: 'Policy', description: 'Spec 4.14: the policy data of one version, its meta and the links of what may be done now' });

export const policyLinksEndpoint = defineEndpoint({
  operationId: 'getPolicy',
  method: 'GET',
  path: `${BASE}/{id}/links`,
  summary: 'Policy data, meta and the links of what may be done now',
  description:
    'Spec 4.14. `data` mirrors the quote payload (policy, customer, agent, objects) of the selected version; `meta` has `status` (active, pending-termination, terminated, expired), `version` (string), `schemaPath`, `policyNumber`, `periodPremium` (the premium charged for the term, as the journal and the schedule show it, after every MTA and termination), `annualisedPremium` (the selected version rated for a whole year), `terminatedAt` and `pendingTermination` (`{ effectiveDate, reason, note?, terminationType }` while a termination waits for its date), the version list (each with `replaysVersion`, the version an out-of-sequence MTA applied again, and `voided`) and renewal facts. `meta.reinstatement` (a terminated policy only, else null) is `{ eligible, until, reason }`. `links` maps `policy:mta`, `policy:data-change`, `policy:terminate`, `policy:withdraw-termination`, `policy:reinstate` and `policy:renew` to `{ href, method, title }`; a key present means the action is allowed now (renew only for a policy the product renews, inside the renewal window and once; reinstate only within the product’s period after the termination date and before expiry). `version=N` selects a version (a whole number from 1; 400 when malformed, 404 when the policy has no such version). Coverage dates (`policy.dateInception`, `policy.dateExpiry`, `meta.effectiveFrom`) are the instants cover starts and ends, local midnight in the tenant’s time zone written in UTC (`2026-12-01T00:00:00.000Z` for 1 December in London, `2027-06-30T23:00:00.000Z` for 1 July), unless `forceCoverageDateFormat=true` gives plain `YYYY-MM-DD`. `Accept-Language` (en, de) picks the labels (`meta.statusLabel`, `meta.versionLabel`, link titles). The `ETag` feeds `If-Match` on the changing calls. A quote that was never issued is 404.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({
    version: z.string().max(12).optional().describe('Policy version, a whole number from 1; default the latest'),
    forceCoverageDateFormat: queryBoolean.describe('true: coverage dates as YYYY-MM-DD instead of date-times'),
  }),
  requestHeaders: { 'Accept-Language': 'en or de' },
  responses: {
    200: {
      description: 'The policy',
      headers: { ETag: { description: 'Revision for If-Match', required: true } },
      schema: policySchema,
    },
    ...commonProblems,
  },
});

export const policyMtaEndpoint = defineEndpoint({
  operationId: 'adjustPolicy',
  method: 'POST',
  path: `${BASE}/{id}/mta`,
  summary: 'Mid-term adjustment (policy:mta); dryRun prices it only',
  description:
    'Body: `effectiveDate` (inside the term) and the changed fields in their groups (`policy`, `customer`, `agent`, `objects`; merged like a quote update and validated against the product schema, 422 naming each field). The term dates and payment plan cannot change. The difference of the term net premiums is charged or returned pro-rata by days from the effective date to expiry, tax following the net. `?dryRun=true` answers the same preview and changes nothing. Applying writes the next version, an adjustment invoice (additional premium) or credit note (return premium) with its balanced journal entry, and re-spreads the open instalments. Dated before a later MTA (out of sequence), the later MTAs are replayed: their money is reversed (they are listed in `voidedVersions`), the change applies on the version in force on its date, and each later MTA is applied again, its own changed fields on top, as a new version that names the one it replays (`replaysVersion` in the version history), re-priced from its own effective date with its own invoice or credit note. `replayed` lists each with what was reversed and its new adjustment; `net` is the sum of every movement, and `kind` follows it. A change outside the delegated authority, or a replayed MTA that falls outside it, is 422.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ dryRun: queryBoolean }),
  body: z.object({ effectiveDate: isoDate, ...policyPatchShape }).strict(),
  bodyExample: { effectiveDate: '2026-09-01', objects: [{ sumInsured: 55000 }] },
  idempotent: true,
  requestHeaders: ifMatchHeader,
  responses: {
    200: {
      description: 'The adjustment (preview or applied)',
      schema: z.object({
        data: z
          .object({
            effectiveDate: isoDate,
            termDays: z.number().int(),
            daysRemaining: z.number().int(),
            currency: z.string(),
            previousTermNet: z.number(),
            newTermNet: z.number(),
            adjustment: amounts,
            kind: z.enum(['additional-premium', 'return-premium', 'none']),
            changed: z.array(z.string()),
            invoiceNumber: z.string().nullable(),
            outOfSequence: z.boolean(),
            voidedVersions: z.array(z.string()),
            replayed: z.array(
              z.object({
                version: z.string(),
                replayedAs: z.string().nullable(),
                effectiveDate: isoDate,
                changed: z.array(z.string()),
                previousTermNet: z.number(),
                newTermNet: z.number(),
                reversed: amounts,
                adjustment: amounts,
                invoiceNumber: z.string().nullable().optional(),
              }),
            ),
            net: amounts,
          })
          .catchall(z.unknown()),
        meta: z.object({ dryRun: z.boolean(), status: z.enum(POLICY_STATES), version: z.string() }).catchall(z.unknown()),
      }),
    },
    ...commonProblems,
    ...stateProblems,
  },
});

export const policyDataChangeEndpoint = defineEndpoint({
  operationId: 'changePolicyData',
  method: 'POST',
  path: `${BASE}/{id}/data-change`,
  summary: 'Data change without premium effect (policy:data-change)',
  description:
    'Changes only fields the product schema does not mark `x-rating` (for example contact details); any rating-relevant field is 422 with its JSON pointer in `errors`. Creates a new version with the same premium; no money moves. `effectiveDate` defaults to today (or the latest version’s start when later).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z.object({ effectiveDate: isoDate.optional(), ...policyPatchShape }).strict(),
  bodyExample: { customer: { phone: '+44 20 7946 0997', email: 'alice.walker@example.org' } },
  idempotent: true,
  requestHeaders: ifMatchHeader,
  responses: {
    200: {
      description: 'The policy as GET /links answers it (latest version, dates as YYYY-MM-DD)',
      schema: policySchema,
      headers: { ETag: { description: 'New revision', required: true } },
    },
    ...commonProblems,
    ...stateProblems,
  },
});

export const policyTerminateEndpoint = defineEndpoint({
  operationId: 'terminatePolicy',
  method: 'POST',
  path: `${BASE}/{id}/terminate`,
  summary: 'Terminate the policy (policy:terminate); dryRun previews the refund',
  description:
    'Body: `effectiveDate` (required except for `flat`, which is always from inception), `reason` (a code from the product’s `terminationReasons` in `GET /products`, else 422 listing the allowed codes), an optional free-text `note`, `terminationType`: `pro-rata` (default; net for the days remaining plus its tax, the administrative fee kept), `short-rate` (the product’s table keeps a share of the term net: 20 % within 1 month, 40 % within 3, 70 % within 6, later pro-rata) or `flat` (full refund, fee included: void from inception, issued by mistake). An effective date on or before inception, of any type, is a cancellation from inception (not taken up): flat from inception, the whole premium and tax returned and the fees (administrative fee, instalment surcharge) returned or kept as the product sets (`cancellationFromInception`; home keeps them, pet and travel return them); `cancellationFromInception` is true and `appliedType` is `flat`. Within the product’s cooling-off period (14 days from inception, for both the request and the effective date) short-rate is charged as pro-rata. `?dryRun=true` answers the return premium, fees kept and tax without changing anything. An effective date before a later MTA voids that MTA’s money (reversed by a credit note, never deleted) and computes the return on the premium in force at the effective date. Applying posts a credit note with its journal entry and sets the return against the schedule (DOMAIN.md §5): instalments due before the effective date stay due; the return cancels or reduces the instalments due on or after it, latest first, then the latest ones before it; what is left is the policyholder’s credit (a negative open instalment). `data.schedule` lists each step. Effective today or earlier the status is `terminated` and the policy has no links; effective later it is `pending-termination` (cover runs; MTAs and data changes dated before it remain possible; `policy:withdraw-termination` withdraws it) and the daily job makes it `terminated` on the date.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ dryRun: queryBoolean }),
  body: z
    .object({
      effectiveDate: isoDate.optional(),
      reason: z
        .string()
        .trim()
        .min(1)
        .max(60)
        .meta({ description: 'A code from the product’s `terminationReasons` (`GET /products`); another value is 422 listing them' }),
      note: z.string().trim().min(1).max(500).optional().meta({ description: 'Free text beside the reason code' }),
      terminationType: z.enum(TERMINATION_TYPES).default('pro-rata'),
    })
    .strict(),
  bodyExample: { effectiveDate: '2026-10-01', reason: 'moved-abroad', note: 'Relocating to Lisbon for work', terminationType: 'pro-rata' },
  idempotent: true,
  requestHeaders: ifMatchHeader,
  responses: {
    200: {
      description: 'The termination (preview or applied)',
      schema: z.object({
        data: z
          .object({
            effectiveDate: isoDate,
            terminationType: z.enum(TERMINATION_TYPES),
            appliedType: z.enum(TERMINATION_TYPES),
            coolingOff: z.boolean(),
            cancellationFromInception: z
              .boolean()
              .meta({ description: 'Effective on or before inception: not taken up, flat, fees as the product sets' }),
            keepPercent: z.number().nullable(),
            currency: z.string(),
            returnPremium: amounts,
            feesKept: z.number(),
            taxReturned: z.number(),
            creditNoteNumber: z.string().nullable(),
            balanceDue: z.number().nullable(),
          })
          .catchall(z.unknown()),
        meta: z.object({ dryRun: z.boolean(), status: z.enum(POLICY_STATES), version: z.string() }).catchall(z.unknown()),
      }),
    },
    ...commonProblems,
    ...stateProblems,
  },
});

export const policyWithdrawTerminationEndpoint = defineEndpoint({
  operationId: 'withdrawTermination',
  method: 'POST',
  path: `${BASE}/{id}/terminate/withdraw`,
  summary: 'Withdraw a pending termination (policy:withdraw-termination); dryRun previews it',
  description:
    'Only while the policy is `pending-termination` (409 otherwise). The termination’s credit note is reversed by an invoice (the return premium charged again), the instalments it cancelled or reduced are reopened exactly as they were, a `termination-withdrawn` version is added and the policy is `active` again. `?dryRun=true` answers what would be charged without changing anything. The body is empty (`{}`).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ dryRun: queryBoolean }),
  body: z.object({}).strict(),
  bodyExample: {},
  idempotent: true,
  requestHeaders: ifMatchHeader,
  responses: {
    200: {
      description: 'The withdrawal (preview or applied)',
      schema: z.object({
        data: z
          .object({
            effectiveDate: isoDate,
            reason: z.string(),
            terminationType: z.enum(TERMINATION_TYPES),
            creditNoteNumber: z.string(),
            charge: amounts.nullable(),
            invoiceNumber: z.string().nullable(),
          })
          .catchall(z.unknown()),
        meta: z.object({ dryRun: z.boolean(), status: z.enum(POLICY_STATES), version: z.string() }).catchall(z.unknown()),
      }),
    },
    ...commonProblems,
    ...stateProblems,
  },
});

export const policyReinstateEndpoint = defineEndpoint({
  operationId: 'reinstatePolicy',
  method: 'POST',
  path: `${BASE}/{id}/reinstate`,
  summary: 'Reinstate a terminated policy (policy:reinstate); dryRun previews the charge',
  description:
    'Only while the policy is `terminated`, within the product’s reinstatement period from the termination date (30 days for the demo products, `meta.reinstatement.until` on GET /links) and while the term has not ended; 409 with the reason otherwise (after the expiry there is no cover left to restore: the policy stays terminated). Cover is restored from the termination date to expiry, so exactly what the termination returned is charged back: its credit note is reversed by an invoice, the instalments it cancelled or reduced are reopened as they were (instalments already due are due at once; money paid since, held as credit, is set against them), a `reinstatement` version is added with the data in force on the termination date (MTAs the termination voided stay void), documents are produced (endorsement, schedule, certificate, invoice) and the policy is `active` again. Works the same for a policy cancelled for non-payment. `?dryRun=true` answers the charge without changing anything. The body is empty (`{}`).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({ dryRun: queryBoolean }),
  body: z.object({}).strict(),
  bodyExample: {},
  idempotent: true,
  requestHeaders: ifMatchHeader,
  responses: {
    200: {
      description: 'The reinstatement (preview or applied)',
      schema: z.object({
        data: z
          .object({
            effectiveDate: isoDate.meta({ description: 'Cover is restored from this day, the termination date' }),
            reinstatableUntil: isoDate.nullable(),
            creditNoteNumber: z.string().meta({ description: 'The termination’s credit note, reversed' }),
            currency: z.string(),
            charge: amounts.nullable(),
            invoiceNumber: z.string().nullable(),
          })
          .catchall(z.unknown()),
        meta: z.object({ dryRun: z.boolean(), status: z.enum(POLICY_STATES), version: z.string() }).catchall(z.unknown()),
      }),
    },
    ...commonProblems,
    ...stateProblems,
  },
});

export const policyRenewalEndpoint = defineEndpoint({
  operationId: 'renewPolicy',
  method: 'GET',
  path: `${BASE}/{id}/renewal`,
  summary: 'Create the renewal quote (policy:renew)',
  description:
    'Spec 4.16. Creates a renewal quote with the policy’s latest data and the next term (starting on the expiry date, as long as this term); it is rated afresh in the background and follows the ordinary quote lifecycle (poll the actions call, bind, issue). When it is issued it becomes the next term: the old policy keeps running to expiry and loses its renew link. Only a policy the product renews: a single-trip travel policy never renews (409 with the reason; annual multi-trip, home and pet renew). Eligible from the product’s renewal window (60 days before expiry) until expiry, once: 409 when the policy was already renewed, a renewal quote is in progress, the window is not open yet, or the policy expired or was terminated. Of two concurrent calls exactly one creates the quote.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  responses: {
    200: { description: 'The renewal quote', schema: z.object({ policy: z.object({ id: z.uuid() }) }) },
    ...commonProblems,
    409: stateProblems[409],
  },
});

/** The amounts of the invoice view; the customer view omits commissions and the insurer net. */
const viewAmounts = {
  premium: z.number(),
  tax: z.number(),
  adminFee: z.number(),
  brokerCommission: z.number().optional(),
  mgaCommission: z.number().optional(),
  insurerNet: z.number().optional(),
  payable: z.number(),
};

export const policyInstallmentsViewEndpoint = defineEndpoint({
  operationId: 'getInstallmentsView',
  method: 'GET',
  path: '/api/v1/ledger/customers/policies/{policyId}/custom-view/installments',
  summary: 'Invoices, instalments and totals of a policy',
  description:
    'Spec 4.15. `data.invoices`: one row per invoice and credit note (number, kind, version, due date, premium, tax, administrative fees and charges, broker and MGA commission, insurer net, payable; returns are negative). `data.instalments`: every instalment with its invoice number, due date, payable, stored status (open, paid, cancelled), its `state` today (open, partially-paid, paid, overdue, cancelled), what was `paid` on it and what is `outstanding`. `data.balance`: the policy’s balance today (outstanding, due now, overdue, credit, refund due). `data.totals`: the sums, and `open`, what the live instalments still ask for, which always equals the receivable (the payable total less what was paid). All amounts are read from the journal entries of the invoices. `code` selects the variant: `default` (everything), `customer` (as shown to the policyholder: no commissions or insurer net, cancelled instalments left out) or `commission` (the invoice rows with commissions, no instalments). `documentCountry` (GB, IE, DE, NL; default: the product’s tax country) chooses the number and date formats of the `formatted` strings (en-GB, en-IE, de-DE, nl-NL); it never changes an amount. An unknown country or code is 400. `Accept-Language` (en, de) picks the column labels and the tax label (`data.labels.tax`), which names the policy’s tax by its jurisdiction (UK IPT is Insurance Premium Tax whatever the document country).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  query: z.object({
    code: z
      .enum(INSTALLMENT_VIEW_CODES)
      .optional()
      .describe('View variant: default (everything), customer (no commissions, no cancelled instalments), commission (invoice rows only)'),
    documentCountry: z
      .string()
      .max(8)
      .optional()
      .describe('GB, IE, DE or NL: tax label and number/date formats of the formatted strings; default the product tax country'),
  }),
  requestHeaders: { 'Accept-Language': 'en or de' },
  responses: {
    200: {
      description: 'The view',
      schema: z.object({
        data: z.object({
          policyId: z.uuid(),
          policyNumber: z.string(),
          code: z.enum(INSTALLMENT_VIEW_CODES),
          documentCountry: z.string(),
          currency: z.string(),
          locale: z.string(),
          invoices: z.array(
            z
              .object({
                invoiceNumber: z.string(),
                kind: z.string().meta({ description: 'premium (at issue), adjustment or credit-note' }),
                policyVersion: z.string(),
                issuedOn: isoDate,
                dueDate: isoDate,
                formatted: z.record(z.string(), z.string()),
                ...viewAmounts,
              })
              .meta({ description: 'Amounts (negative on returns); the customer view leaves out commissions and insurer net' }),
          ),
          instalments: z.array(
            z.object({
              invoiceNumber: z.string().nullable(),
              sequence: z.number().int(),
              dueDate: isoDate,
              payable: z.number(),
              status: z
                .enum(['open', 'paid', 'cancelled'])
                .meta({ description: 'Stored: open (something still owed), paid, cancelled (replaced)' }),
              state: z
                .enum(INSTALMENT_STATES)
                .meta({ description: 'Today: open, partially-paid, paid, overdue (due date passed, still owed) or cancelled' }),
              paid: z.number().meta({ description: 'Set against it so far' }),
              outstanding: z.number().meta({ description: 'Still owed on it' }),
              formatted: z.object({ dueDate: z.string(), payable: z.string(), paid: z.string(), outstanding: z.string() }),
            }),
          ),
          balance: balanceSchema,
          totals: z.object({ ...viewAmounts, open: z.number(), formatted: z.record(z.string(), z.string()) }),
          labels: z.record(z.string(), z.string()),
        }),
      }),
    },
    ...commonProblems,
  },
});
