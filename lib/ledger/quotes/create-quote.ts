import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { BadRequest, ValidationFailed } from '@/lib/errors';
import { enqueueStatement } from '@/lib/jobs/queue';
import { recordEventIn } from '@/lib/ledger/events';
import { nextQuoteNumberSql } from '@/lib/ledger/sequences';
import { productCodes } from '@/lib/products/registry';
import { assertValidPayload } from '@/lib/products/validate';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import type { TenantRef } from '@/lib/tenants/lookup';
import { runEnrichment } from '@/lib/products/enrichment';
import { customerNameOf, POLICY_COLUMNS, type QuoteData, type QuoteRecord } from './quote-record';

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
 * background job queued in the same transaction. On tenantWrite, two round trips: the insert
 * (which draws the quote number) with BEGIN, the event and the job with COMMIT.
 */
export async function createQuote(db: SqlTx, input: CreateQuoteInput): Promise<QuoteRecord> {
  const productCode = productCodeOf(input.payload);
  const valid = assertValidPayload(productCode, input.payload, input.language);
  const { product: _product, ...rest } = valid as unknown as { product: string } & QuoteData;
  const data: QuoteData = rest;
  const { enrichment } = runEnrichment(productCode, valid as unknown as Record<string, unknown>, 'sync');
  const tenantId = input.tenant.id;
  const now = new Date();
  const [row] = await db.query<QuoteRecord>(Prisma.sql`INSERT INTO "Policy" ("tenantId", "productCode", "status", "quoteNumber",
      "data", "enrichment", "enrichmentState", "paymentPlan", "dateInception", "dateExpiry", "customerName", "createdBy",
      "renewalOfId", "createdAt", "updatedAt")
    VALUES (${tenantId}::uuid, ${productCode}, 'draft', ${nextQuoteNumberSql(tenantId, now.getUTCFullYear())},
      ${JSON.stringify(data)}::jsonb, ${JSON.stringify(enrichment)}::jsonb, 'pending', ${data.policy.paymentPlan ?? 'annual'},
      ${data.policy.dateInception}::date, ${data.policy.dateExpiry}::date, ${customerNameOf(data)}, ${input.actor},
      ${input.renewalOfId ?? null}::uuid, ${now}::timestamptz, ${now}::timestamptz)
    RETURNING ${Prisma.raw(POLICY_COLUMNS)}`);
  if (!row) throw new Error('The new quote was not returned by its insert');
  await recordEventIn(db, {
    tenantId,
    policyId: row.id,
    type: 'quote.created',
    actor: input.actor,
    after: { status: row.status, quoteNumber: row.quoteNumber },
    data: { product: productCode, renewalOfId: input.renewalOfId, copiedFromId: input.copiedFromId },
    policy: row,
    wake: [`policy:${row.id}`],
  });
  await db.execute(enqueueStatement(PREPARE_QUOTE_TASK, { policyId: row.id, revision: row.revision }, { tenantId }));
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
