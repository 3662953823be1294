import { randomUUID } from 'node:crypto';
import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { BadRequest, ValidationFailed } from '@/lib/errors';
import { enqueueStatement } from '@/lib/jobs/queue';
import { eventParts } from '@/lib/ledger/events';
import { nextQuoteNumberSql } from '@/lib/ledger/sequences';
import { productCodes } from '@/lib/products/registry';
import { assertValidPayload } from '@/lib/products/validate';
import type { MessageLanguage } from '@/lib/products/validation-messages';
import type { TenantRef } from '@/lib/tenants/lookup';
import { runEnrichment } from '@/lib/products/enrichment';
import { customerNameOf, POLICY_COLUMNS, type QuoteData, type QuoteRecord } from './quote-record';

export const PREPARE_QUOTE_TASK = 'prepare-quote';

/** What a new quote's row starts with, written by the insert and known to its events and its job before it. */
const NEW_QUOTE = { status: 'draft', currentVersion: 0, revision: 1 } as const;

export interface CreateQuoteInput {
  /** The id, and the tag where the caller has it: the renewal run creates quotes without a request's tenant. */
  tenant: Pick<TenantRef, 'id'> & { tag?: string };
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
export async function createQuote(db: SqlTx, input: CreateQuoteInput): Promise<QuoteRecord> {
  return insertedQuote(await db.query<QuoteRecord>(await creationStatement(db, input)));
}

/**
 * createQuote as the whole of its transaction: on tenantWrite, one message (BEGIN, the creation's
 * one statement, COMMIT) and one round trip.
 */
export async function createQuoteAndCommit(db: SqlTx, input: CreateQuoteInput): Promise<QuoteRecord> {
  return insertedQuote(await db.queryAndCommit<QuoteRecord>(await creationStatement(db, input)));
}

function insertedQuote(rows: QuoteRecord[]): QuoteRecord {
  if (!rows[0]) throw new Error('The new quote was not returned by its insert');
  return rows[0];
}

/**
 * The creation as one statement: the insert (which draws the quote number), its events and its
 * preparation job as CTEs, answering the new row. The events' description of the quote is known
 * before the insert (the row's id is drawn here, its state is a new quote's) but for the number,
 * which they take from the insert's CTE.
 */
async function creationStatement(db: SqlTx, input: CreateQuoteInput): Promise<Prisma.Sql> {
  const productCode = productCodeOf(input.payload);
  const valid = assertValidPayload(productCode, input.payload, input.language);
  const { product: _product, ...rest } = valid as unknown as { product: string } & QuoteData;
  const data: QuoteData = rest;
  const { enrichment } = runEnrichment(productCode, valid as unknown as Record<string, unknown>, 'sync');
  const tenantId = input.tenant.id;
  const id = randomUUID();
  const now = new Date();
  const quote = Prisma.sql`quote AS (
    INSERT INTO "Policy" ("id", "tenantId", "productCode", "status", "quoteNumber", "currentVersion", "revision",
      "data", "enrichment", "enrichmentState", "paymentPlan", "dateInception", "dateExpiry", "customerName", "createdBy",
      "renewalOfId", "createdAt", "updatedAt")
    VALUES (${id}::uuid, ${tenantId}::uuid, ${productCode}, ${NEW_QUOTE.status}, ${nextQuoteNumberSql(tenantId, now.getUTCFullYear())},
      ${NEW_QUOTE.currentVersion}::int, ${NEW_QUOTE.revision}::int,
      ${JSON.stringify(data)}::jsonb, ${JSON.stringify(enrichment)}::jsonb, 'pending', ${data.policy.paymentPlan ?? 'annual'},
      ${data.policy.dateInception}::date, ${data.policy.dateExpiry}::date, ${customerNameOf(data)}, ${input.actor},
      ${input.renewalOfId ?? null}::uuid, ${now}::timestamptz, ${now}::timestamptz)
    RETURNING ${Prisma.raw(POLICY_COLUMNS)}
  )`;
  const { ctes, noticesRead } = await eventParts(db, {
    tenantId,
    policyId: id,
    type: 'quote.created',
    actor: input.actor,
    after: { status: NEW_QUOTE.status },
    data: { product: productCode, renewalOfId: input.renewalOfId, copiedFromId: input.copiedFromId },
    policy: {
      id,
      productCode,
      quoteNumber: '',
      policyNumber: null,
      status: NEW_QUOTE.status,
      policyStatus: null,
      currentVersion: NEW_QUOTE.currentVersion,
    },
    quoteNumberSql: Prisma.sql`(SELECT "quoteNumber" FROM quote)`,
    tenantTag: input.tenant.tag,
    wake: [`policy:${id}`],
  });
  const job = Prisma.sql`job AS (${enqueueStatement(PREPARE_QUOTE_TASK, { policyId: id, revision: NEW_QUOTE.revision }, { tenantId })})`;
  return Prisma.sql`WITH ${Prisma.join([quote, ...ctes, job], ', ')}
    SELECT ${Prisma.raw(POLICY_COLUMNS)} FROM quote WHERE ${noticesRead} > 0`;
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
