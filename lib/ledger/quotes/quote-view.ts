import { allowedQuoteActions, QUOTE_ACTION_KEYS, QUOTE_KEYS, type QuoteAction } from '@/lib/ledger/state-machine';
import { schemaPathOf } from '@/lib/products/registry';
import { enrichmentWarnings } from '@/lib/products/enrichment';
import { bindErrorsOf } from './bind-errors';
import { etagOf, quoteData, quoteState, type QuoteRecord, type QuoteStateRecord, type QuoteViewRecord } from './quote-record';
import { expiredQuoteActions, quoteExpired, quoteValidUntil, validityOf } from './quote-validity';

// The shapes the quote endpoints answer with, built from the record alone.

const BASE = '/api/v1/ledger/sales/policies';

export interface Link {
  href: string;
  method: 'GET' | 'POST' | 'PUT';
}

/** Create and update answer the data with `policy.id`, enrichment done so far and the state. */
export function quoteBody(row: QuoteRecord) {
  const data = quoteData(row);
  return {
    product: row.productCode,
    policy: { id: row.id, ...data.policy },
    customer: data.customer,
    ...(data.agent ? { agent: data.agent } : {}),
    objects: data.objects,
    enrichment: row.enrichment,
    meta: quoteMeta(row),
  };
}

export function quoteMeta(row: QuoteViewRecord) {
  return {
    status: row.status,
    version: String(row.currentVersion),
    revision: row.revision,
    etag: etagOf(row),
    quoteNumber: row.quoteNumber,
    policyNumber: row.policyNumber,
    policyStatus: row.policyStatus,
    product: row.productCode,
    enrichment: row.enrichmentState,
    referral: row.referral,
    decline: row.decline,
    renewalOf: row.renewalOfId,
    validUntil: quoteValidUntil(validityOf(row))?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /sales/policies/{id} (spec 4.2): `[ { data }, { meta, schemaPath, warnings, errors } ]`.
 * `errors` lists what bind would refuse today, so a broker sees what is missing early.
 */
/** `today` is the tenant's local date (lib/ledger/today.ts). */
export function quoteReadBody(row: QuoteViewRecord, today: string, notifications?: unknown[]) {
  const data = quoteData(row);
  const state = quoteState(row);
  const pending = state === 'draft' || state === 'calculated' || state === 'bound';
  return [
    {
      data: {
        policy: { id: row.id, ...data.policy },
        customer: data.customer,
        agent: data.agent ?? null,
        objects: data.objects,
        enrichment: row.enrichment,
      },
    },
    {
      meta: quoteMeta(row),
      schemaPath: schemaPathOf(row.productCode),
      warnings: enrichmentWarnings(row.enrichment),
      errors: pending ? bindErrorsOf(row, today) : [],
      ...(notifications ? { notifications } : {}),
    },
  ];
}

const ACTION_LINKS: Partial<Record<QuoteAction, (id: string) => Link>> = {
  download: (id) => ({ href: `${BASE}/${id}/generated-documents`, method: 'POST' }),
  update: (id) => ({ href: `${BASE}/${id}/`, method: 'PUT' }),
  copy: (id) => ({ href: `${BASE}/${id}/copy`, method: 'POST' }),
  calculate: (id) => ({ href: `${BASE}/${id}/calculate`, method: 'POST' }),
  issue: (id) => ({ href: `${BASE}/${id}/issue`, method: 'POST' }),
  bind: (id) => ({ href: `${BASE}/${id}/bind`, method: 'POST' }),
  refer: (id) => ({ href: `${BASE}/${id}/referrals`, method: 'POST' }),
  decline: (id) => ({ href: `${BASE}/${id}/decline`, method: 'POST' }),
  'approve-referral': (id) => ({ href: `${BASE}/${id}/referrals/decision`, method: 'POST' }),
};

/** GET /sales/policies/actions/{id} (spec 4.3; API-CONTRACT §5). */
export function quoteActionsBody(row: QuoteStateRecord, now: Date = new Date()) {
  const state = quoteState(row);
  const ready = row.enrichmentState === 'done';
  // A price past its validity offers the recalculation instead of bind and issue.
  const actions = quoteExpired(validityOf(row), now) ? expiredQuoteActions(state) : allowedQuoteActions(state);
  const allowed = actions.filter((action) => ready || action === 'copy' || action === 'decline' || action === 'refer');
  const keys: string[] = [];
  const links: Record<string, Link> = { 'quote:changes': { href: `${BASE}/${row.id}/changes`, method: 'GET' } };
  for (const action of allowed) {
    const key = QUOTE_KEYS[action];
    const link = ACTION_LINKS[action];
    if (!key || !link) continue;
    if (QUOTE_ACTION_KEYS[action]) keys.push(key);
    links[key] = link(row.id);
  }
  return { data: keys, meta: { status: row.status, version: String(row.currentVersion), ready, revision: row.revision }, links };
}
