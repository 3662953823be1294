import pg from 'pg';
import { withConnection } from './checkout';
import { ledgerTypes } from './pg-types';
import { tenantBeginSql, withLiterals } from './tenant-sql';

export { tenantBeginSql };

// The hottest reads (a quote, a request's status: every poll) in one round trip on a connection
// of the shared pool, without Prisma's interactive transaction. withTenant costs three (BEGIN with
// the settings, query, COMMIT) plus the transaction manager's own work: side by side
// (`node --import tsx bench/tenant-scope.ts`) this path read several times as many quotes per second.
// Row-level security is the same second lock: BEGIN READ ONLY, the tenant settings
// (SET LOCAL: transaction-local), the query and COMMIT go as one simple-protocol
// message, so the statements run in that order inside one transaction and nothing else can
// run between them on the connection.

/** One read in a read-only transaction scoped to the tenant, sent as one message. */
export async function tenantRead<R extends object>(tenantId: string, text: string, values: readonly string[]): Promise<R[]> {
  const message = `${tenantBeginSql(tenantId)}; ${withLiterals(text, values)}; COMMIT`;
  return withConnection(async (client, discard) => {
    let results: pg.QueryResult<R>[];
    try {
      results = (await client.query<R>({ text: message, types: ledgerTypes })) as unknown as pg.QueryResult<R>[];
    } catch (error) {
      // A connection that failed mid-transaction is not handed to the next caller.
      discard();
      throw error;
    }
    // One result per statement: BEGIN, the settings, the read, COMMIT; the read is the one before COMMIT.
    const read = results.at(-2);
    if (!read) throw new Error('The tenant read answered without its query result');
    return read.rows;
  });
}
