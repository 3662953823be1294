import type { Tx } from '@/lib/db/client';
import { sqlOf, type SqlTx } from '@/lib/db/sql-tx';
import { tenantRead } from '@/lib/db/tenant-read';
import { Prisma, type Policy } from '@/lib/db/generated/client';
import { Conflict, NotFound } from '@/lib/errors';
import { isQuoteState, type QuoteState } from '@/lib/ledger/state-machine';

// Loading and saving the quote record (one `Policy` row). Changes lock the row first, so two
// concurrent changes of one quote run one after the other and the second sees the first.

export type QuoteRecord = Policy;

/** The groups of a quote's data; `product` lives in its own column. */
export interface QuoteData {
  policy: Record<string, unknown> & { dateInception: string; dateExpiry: string; paymentPlan?: string };
  customer: Record<string, unknown>;
  agent?: Record<string, unknown>;
  objects: Record<string, unknown>[];
}

/** Every column of `Policy` in the model's field order, so a raw row has the keys and types of `policy.findFirst`. */
const POLICY_FIELDS = [
  'id',
  'tenantId',
  'productCode',
  'status',
  'policyStatus',
  'quoteNumber',
  'policyNumber',
  'data',
  'enrichment',
  'enrichmentState',
  'calculation',
  'calculatedAt',
  'paymentPlan',
  'referral',
  'decline',
  'dateInception',
  'dateExpiry',
  'customerName',
  'currentVersion',
  'revision',
  'renewalOfId',
  'renewedById',
  'issuedAt',
  'terminatedAt',
  'pendingTermination',
  'voidedVersions',
  'createdBy',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof QuoteRecord)[];

// A column added to the model must be added above, or the build fails here.
type ColumnsLeftOut = Exclude<keyof QuoteRecord, (typeof POLICY_FIELDS)[number]>;
const everyColumnListed: [ColumnsLeftOut] extends [never] ? true : ColumnsLeftOut = true;
void everyColumnListed;

const columnList = (fields: readonly string[]) => fields.map((field) => `"${field}"`).join(', ');

export const POLICY_COLUMNS = columnList(POLICY_FIELDS);

/**
 * What the quote read (spec 4.2) shows: every column but the price's calculation, which the read
 * does not carry (`/calculation` does) and which is most of the row (about 2.8 KB of JSON to parse
 * on every poll).
 */
export type QuoteViewRecord = Omit<QuoteRecord, 'calculation'>;
export const QUOTE_VIEW_COLUMNS = columnList(POLICY_FIELDS.filter((field) => field !== 'calculation'));

/** What the actions poll (spec 4.3) decides from: the state, readiness, revision and the price's age. */
const QUOTE_STATE_FIELDS = ['id', 'productCode', 'status', 'enrichmentState', 'calculatedAt', 'currentVersion', 'revision'] as const;
export type QuoteStateRecord = Pick<QuoteRecord, (typeof QUOTE_STATE_FIELDS)[number]>;
const QUOTE_STATE_COLUMNS = columnList(QUOTE_STATE_FIELDS);

/**
 * The hottest read of the API (every quote read, actions poll and change). The same query as
 * `tx.policy.findFirst({ where: { id, tenantId } })`, sent as SQL through the same client: the query
 * builder cost 30–60% of the read's throughput under load (`npm run bench`, ORM vs raw).
 */
export async function findQuote(tx: Tx, tenantId: string, id: string): Promise<QuoteRecord> {
  const rows = await tx.$queryRaw<QuoteRecord[]>`SELECT ${Prisma.raw(POLICY_COLUMNS)} FROM "Policy"
    WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid LIMIT 1`;
  const row = rows[0];
  if (!row) throw new NotFound('Quote', id);
  return row;
}

/** findQuote outside a transaction of the caller's: the read-only fast path (lib/db/tenant-read.ts). */
export async function readQuoteRow(tenantId: string, id: string): Promise<QuoteRecord> {
  return readQuoteColumns<QuoteRecord>(POLICY_COLUMNS, tenantId, id);
}

/** The quote's state and readiness only, on the read-only fast path: every actions poll. */
export async function readQuoteState(tenantId: string, id: string): Promise<QuoteStateRecord> {
  return readQuoteColumns<QuoteStateRecord>(QUOTE_STATE_COLUMNS, tenantId, id);
}

async function readQuoteColumns<R extends object>(columns: string, tenantId: string, id: string): Promise<R> {
  const rows = await tenantRead<R>(tenantId, `SELECT ${columns} FROM "Policy" WHERE "id" = $1::uuid AND "tenantId" = $2::uuid LIMIT 1`, [
    id,
    tenantId,
  ]);
  const row = rows[0];
  if (!row) throw new NotFound('Quote', id);
  return row;
}

/**
 * Reads the quote with a row lock held until the transaction ends, in one statement: after waiting
 * for a concurrent writer, FOR UPDATE answers the row as that writer committed it.
 */
export function lockQuote(tx: Tx, tenantId: string, id: string): Promise<QuoteRecord> {
  return lockQuoteIn(sqlOf(tx), tenantId, id);
}

/** lockQuote on either transaction path (lib/db/sql-tx.ts). */
export async function lockQuoteIn(db: SqlTx, tenantId: string, id: string): Promise<QuoteRecord> {
  const rows = await db.query<QuoteRecord>(Prisma.sql`SELECT ${Prisma.raw(POLICY_COLUMNS)} FROM "Policy"
    WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid FOR UPDATE`);
  const row = rows[0];
  if (!row) throw new NotFound('Quote', id);
  return row;
}

/**
 * What a calculation locks: the quote without the price it is about to replace, that price's
 * payable for the calculation's event, and the row's version (`xmin`), which tells whether anyone
 * saved the quote since this process did (./calculate-now.ts). The stored calculation is most of
 * the row (1.5 to 2.8 KB of JSON, which PostgreSQL compresses once a row passes 2 KB) that the
 * server would write out as text and the app parse, only for the new one to be written over it.
 */
export async function lockQuoteToRate(
  db: SqlTx,
  tenantId: string,
  id: string,
): Promise<{ row: QuoteViewRecord; previousPayable: unknown; rowVersion: string }> {
  const { row, value } = await lockQuoteWith<QuoteViewRecord, { payable: unknown; version: string }>(
    db,
    tenantId,
    id,
    QUOTE_VIEW_COLUMNS,
    Prisma.sql`jsonb_build_object('payable', "calculation" -> 'data' -> 'payable', 'version', "xmin"::text)`,
  );
  return { row, previousPayable: value.payable, rowVersion: value.version };
}

/**
 * lockQuoteIn with the tenant's time zone read in the same statement, for the business date of
 * the change (lib/ledger/today.ts): read in the transaction, so a zone just changed counts at once.
 */
export async function lockQuoteWithTimeZone(
  db: SqlTx,
  tenantId: string,
  id: string,
): Promise<{ row: QuoteRecord; tenantTimeZone: string }> {
  const timeZone = Prisma.sql`(SELECT "timeZone" FROM "Tenant" WHERE "id" = ${tenantId}::uuid)`;
  const { row, value } = await lockQuoteWith<QuoteRecord, string>(db, tenantId, id, POLICY_COLUMNS, timeZone);
  return { row, tenantTimeZone: value };
}

/** Locks the quote's row reading `columns` and one value more (`extra`), answered apart from the row. */
async function lockQuoteWith<R, V>(
  db: SqlTx,
  tenantId: string,
  id: string,
  columns: string,
  extra: Prisma.Sql,
): Promise<{ row: R; value: V }> {
  const rows = await db.query<R & { lockedWith: V }>(Prisma.sql`SELECT ${Prisma.raw(columns)}, ${extra} AS "lockedWith"
    FROM "Policy" WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid FOR UPDATE`);
  const found = rows[0];
  if (!found) throw new NotFound('Quote', id);
  const { lockedWith, ...row } = found;
  return { row: row as R, value: lockedWith };
}

export function quoteState(row: Pick<QuoteRecord, 'id' | 'status'>): QuoteState {
  if (!isQuoteState(row.status)) throw new Error(`quote ${row.id} has an unknown state ${row.status}`);
  return row.status;
}

export function quoteData(row: Pick<QuoteRecord, 'data'>): QuoteData {
  return row.data as unknown as QuoteData;
}

/** The full create payload (the product schema validates this shape). */
export function quotePayload(row: Pick<QuoteRecord, 'productCode' | 'data'>): Record<string, unknown> {
  return { product: row.productCode, ...quoteData(row) };
}

export function etagOf(row: Pick<QuoteRecord, 'revision'>): string {
  return `"${row.revision}"`;
}

/** If-Match (API-CONTRACT §6): a stale revision is 409; no header means last writer wins. */
export function checkIfMatch(row: QuoteRecord, ifMatch: string | null): void {
  if (ifMatch === null || ifMatch.trim() === '*') return;
  const accepted = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!accepted.includes(etagOf(row))) {
    throw new Conflict(`The quote changed since it was read (current ETag ${etagOf(row)}); read it again and retry`);
  }
}

export function customerNameOf(data: QuoteData): string {
  const customer = data.customer;
  const parts = [customer.firstName, customer.lastName, customer.companyName].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.join(' ').slice(0, 200);
}
