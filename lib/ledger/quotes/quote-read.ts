import { tenantRead } from '@/lib/db/tenant-read';
import { NotFound } from '@/lib/errors';
import { businessTodayOf } from '@/lib/ledger/today';
import { keepRecent, takeRecent } from '@/lib/recently-used';
import { etagOf, QUOTE_VIEW_COLUMNS, type QuoteViewRecord } from './quote-record';
import { quoteReadBody } from './quote-view';

// The quote read (spec 4.2) as clients use it: the same quote polled again and again while it is
// rated, referred, bound and issued. Each read still asks the database, which answers the row's
// version (`xmin`: every change of a row, whatever it touches, writes a version with the id of its
// transaction) and the row's columns only when that version is not the one this process last
// answered from. An unchanged quote is then answered with the JSON built last time, which spares
// the read parsing the quote's JSON columns, building its answer and serializing it. Freshness is
// the database's to decide on every read, never this cache's.

/** How many quotes' last answers a process keeps (least recently read leave first). */
const QUOTE_READS_KEPT_MAX = 2_000;
/**
 * A kept answer is not reused after this: transaction ids wrap around after about four billion, so a
 * version is compared only within a short window of its reading.
 */
const QUOTE_READ_KEPT_FOR_MS = 60_000;

export interface QuoteReadAnswer {
  /** The answer body as JSON text. */
  json: string;
  etag: string;
}

interface KeptRead {
  rowVersion: string;
  row: QuoteViewRecord;
  today: string;
  answer: QuoteReadAnswer;
  keptAtMs: number;
}

// On globalThis: Next.js bundles routes apart; one cache a process.
const globalForReads = globalThis as unknown as { ledgerQuoteReads?: Map<string, KeptRead> };
const kept = (globalForReads.ledgerQuoteReads ??= new Map<string, KeptRead>());

// The view's columns come through a lateral subquery that yields no row when the version is the
// one the caller holds: then every one of them is NULL and only "rowVersion" is sent.
const READ_IF_CHANGED = `SELECT p.xmin::text AS "rowVersion", v.* FROM "Policy" AS p
  LEFT JOIN LATERAL (SELECT ${QUOTE_VIEW_COLUMNS} WHERE p.xmin::text <> $3) AS v ON true
  WHERE p."id" = $1::uuid AND p."tenantId" = $2::uuid LIMIT 1`;

/** The row as READ_IF_CHANGED answers it: `id` (and every other column) is NULL when unchanged. */
type VersionedRow = { rowVersion: string; id: string | null } & Omit<QuoteViewRecord, 'id'>;

/** The quote read's answer for `tenant`, reusing the last one built while the row has not changed. */
export async function readQuoteAnswer(tenant: { id: string; timeZone: string }, id: string, nowMs = Date.now()): Promise<QuoteReadAnswer> {
  const key = `${tenant.id}:${id}`;
  const known = takeRecent(kept, key);
  const usable = known && nowMs - known.keptAtMs < QUOTE_READ_KEPT_FOR_MS ? known : undefined;
  const [found] = await tenantRead<VersionedRow>(tenant.id, READ_IF_CHANGED, [id, tenant.id, usable?.rowVersion ?? '']);
  if (!found) {
    kept.delete(key);
    throw new NotFound('Quote', id);
  }
  const { rowVersion, ...columns } = found;
  const unchanged = usable !== undefined && columns.id === null;
  const row = unchanged ? usable.row : (columns as QuoteViewRecord);
  const today = businessTodayOf(tenant, row.productCode);
  if (unchanged && usable.today === today) return usable.answer;
  const answer = { json: JSON.stringify(quoteReadBody(row, today)), etag: etagOf(row) };
  keepRecent(kept, key, { rowVersion, row, today, answer, keptAtMs: unchanged ? usable.keptAtMs : nowMs }, QUOTE_READS_KEPT_MAX);
  return answer;
}
