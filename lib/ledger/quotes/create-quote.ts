import type { Tx } from '@/lib/db/client';
import { BadRequest, ValidationFailed } from '@/lib/errors';
import { enqueue } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { nextQuoteNumber } from '@/lib/ledger/sequences';
import { productCodes } from '@/lib/products/registry';
import { assertValidPayload } from '@/lib/products/validate';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import type { TenantRef } from '@/lib/tenants/lookup';
import { runEnrichment } from '@/lib/products/enrichment';
import { customerNameOf, type QuoteData, type QuoteRecord } from './quote-record';
import { asJson } from './rate-quote';

export const PREPARE_QUOTE_TASK = 'prepare-quote';

export interface CreateQuoteInput {
  /** Only its id is needed: the renewal run creates quotes without a request's tenant. */
  tenant: Pick<TenantRef, 'id'>;
  actor: string;
  payload: unknown;
  /** The policy this quote renews (renewal quotes follow the ordinary lifecycle). */
  renewalOfId?: string;
  /** The quote this one was copied from, recorded in the event. */
  copiedFromId?: string;
  /** The language of validation messages (the request's Accept-Language). */
  language?: MessageLanguage;
}

/**
 * Creates a quote in `draft`: validated against the product schema (defaults applied), with
 * the synchronous enrichment done. The rest of enrichment and the first rating run in the
 * background job queued in the same transaction.
 */
export async function createQuote(tx: Tx, input: CreateQuoteInput): Promise<QuoteRecord> {
  const productCode = productCodeOf(input.payload);
  const valid = assertValidPayload(productCode, input.payload, input.language);
  const { product: _product, ...rest } = valid as unknown as { product: string } & QuoteData;
  const data: QuoteData = rest;
  const { enrichment } = runEnrichment(productCode, valid as unknown as Record<string, unknown>, 'sync');
  const now = new Date();
  const row = await tx.policy.create({
    data: {
      tenantId: input.tenant.id,
      productCode,
      status: 'draft',
      quoteNumber: await nextQuoteNumber(tx, input.tenant.id, now.getUTCFullYear()),
      data: asJson(data),
      enrichment: asJson(enrichment),
      enrichmentState: 'pending',
      paymentPlan: data.policy.paymentPlan ?? 'annual',
      dateInception: new Date(`${data.policy.dateInception}T00:00:00Z`),
      dateExpiry: new Date(`${data.policy.dateExpiry}T00:00:00Z`),
      customerName: customerNameOf(data),
      createdBy: input.actor,
      renewalOfId: input.renewalOfId ?? null,
    },
  });
  await recordEvent(tx, {
    tenantId: input.tenant.id,
    policyId: row.id,
    type: 'quote.created',
    actor: input.actor,
    after: { status: row.status, quoteNumber: row.quoteNumber },
    data: { product: productCode, renewalOfId: input.renewalOfId, copiedFromId: input.copiedFromId },
    policy: row,
    wake: [`policy:${row.id}`],
  });
  await enqueue(tx, PREPARE_QUOTE_TASK, { policyId: row.id, revision: row.revision }, { tenantId: input.tenant.id });
  return row;
}

function productCodeOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new BadRequest('The create body must be a JSON object');
  }
  if (Object.keys(payload).length === 0) throw new BadRequest('The create body cannot be empty');
  const product = (payload as { product?: unknown }).product;
  if (typeof product !== 'string' || product === '') {
    throw new BadRequest('The create body must name its product', [{ path: '/product', message: 'Name the product, e.g. "home"' }]);
  }
  const known = productCodes();
  if (!known.includes(product)) {
    throw new ValidationFailed(`Unknown product ${product}`, [{ path: '/product', message: `Must be one of: ${known.join(', ')}` }]);
  }
  return product;
}
