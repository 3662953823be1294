import pg from 'pg';
import { sharedPool } from './client';
import { tenantBeginSql } from './tenant-sql';

export { tenantBeginSql };

// The hottest reads (a quote, a request's status: every poll) in three round trips on a
// connection of the shared pool, without Prisma's interactive transaction. withTenant costs four
// (BEGIN, set_config, query, COMMIT) plus the transaction manager's own work: side by side
// (`node --import tsx bench/tenant-scope.ts`) this path read 3–4× as many quotes per second.
// Row-level security is the same second lock: BEGIN READ ONLY and the tenant settings go in one
// simple-protocol message (set_config(..., true): transaction-local), then the query, then COMMIT.

const DATE_OID = 1082;
const parseDate = (value: string) => new Date(`${value}T00:00:00Z`);
/** As Prisma reads them: a DATE is midnight UTC (node-postgres would take local midnight). */
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === DATE_OID ? parseDate : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** One parameterised read in a read-only transaction scoped to the tenant. */
export async function tenantRead<R extends object>(tenantId: string, text: string, values: unknown[]): Promise<R[]> {
  const begin = tenantBeginSql(tenantId);
  const client = await sharedPool().connect();
  let healthy = true;
  try {
    await client.query(begin);
    const result = await client.query<R>({ text, values, types });
    await client.query('COMMIT');
    return result.rows;
  } catch (error) {
    // A connection that failed mid-transaction is not handed to the next caller.
    healthy = false;
    throw error;
  } finally {
    client.release(!healthy);
  }
}
