import { pooledBatch } from '@/lib/db/pooled-batch';
import { readBodyText } from '@/lib/http/body';

// The floors under the ledger's hot rows in `npm run bench`: the empty route plus the least a
// ledger call must do with PostgreSQL, one round trip on the shared pool, so the bench can show
// what the framework and that one trip leave for the ledger's own work.

/** A read by id: one prepared statement, answered. */
export async function readRoundTrip(id: string): Promise<Response> {
  const [result] = await pooledBatch([{ text: 'SELECT $1::uuid AS "id"', values: [id] }]);
  return Response.json({ status: 'ok', id: (result!.rows[0] as { id: string }).id }, { headers: { 'cache-control': 'no-store' } });
}

/**
 * A write with a JSON body: the body read and parsed, then one durable commit (`txid_current()`
 * gives the implicit transaction an id, so its commit is written and flushed as any write's).
 */
export async function writeRoundTrip(request: Request, id?: string): Promise<Response> {
  const body = JSON.parse((await readBodyText(request)) || '{}') as unknown;
  const [result] = await pooledBatch([{ text: 'SELECT txid_current()::text AS "transaction"', values: [] }]);
  const transaction = (result!.rows[0] as { transaction: string }).transaction;
  return Response.json(
    { status: 'ok', id, transaction, fields: typeof body === 'object' && body !== null ? Object.keys(body).length : 0 },
    { headers: { 'cache-control': 'no-store' } },
  );
}
