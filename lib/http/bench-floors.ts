import { pooledBatch } from '@/lib/db/pooled-batch';
import { BadRequest } from '@/lib/errors';
import { readBodyText } from '@/lib/http/body';
import { correlationIdFor } from '@/lib/http/context';
import { requireUuid } from '@/lib/http/params';
import { problemFromError } from '@/lib/http/problem';

// The floors under the ledger's hot rows in `npm run bench`: the empty route plus the least a
// ledger call must do with PostgreSQL, one round trip on the shared pool, so the bench can show
// what the framework and that one trip leave for the ledger's own work.

const NO_STORE = { 'cache-control': 'no-store' };

/** A read by id: one prepared statement, answered. */
export async function readRoundTrip(request: Request, id: string): Promise<Response> {
  return answered(request, async () => {
    const [result] = await pooledBatch([{ text: 'SELECT $1::uuid AS "id"', values: [requireUuid(id, 'Row')] }]);
    return Response.json({ status: 'ok', id: (result!.rows[0] as { id: string }).id }, { headers: NO_STORE });
  });
}

/**
 * A write with a JSON body: the body read and parsed, then one durable commit (`txid_current()`
 * gives the implicit transaction an id, so its commit is written and flushed like every write's).
 */
export async function writeRoundTrip(request: Request, id?: string): Promise<Response> {
  return answered(request, async () => {
    const text = await readBodyText(request);
    let body: unknown;
    try {
      body = JSON.parse(text || '{}');
    } catch {
      throw new BadRequest('The request body is not valid JSON');
    }
    const [result] = await pooledBatch([{ text: 'SELECT txid_current()::text AS "transaction"', values: [] }]);
    const transaction = (result!.rows[0] as { transaction: string }).transaction;
    const fields = typeof body === 'object' && body !== null ? Object.keys(body).length : 0;
    return Response.json({ status: 'ok', id: id && requireUuid(id, 'Row'), transaction, fields }, { headers: NO_STORE });
  });
}

/** Bad input to a floor is a problem+json answer, like everywhere else in the app. */
async function answered(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    return problemFromError(error, new URL(request.url).pathname, correlationIdFor(request));
  }
}
