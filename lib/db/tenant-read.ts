import { pooledBatch } from './pooled-batch';
import { tenantReadStatements } from './tenant-sql';

// The hottest reads (a quote, a request's status: every poll) in one round trip on a connection
// of the shared pool, without Prisma's interactive transaction. withTenant costs three (BEGIN with
// the settings, query, COMMIT) plus the transaction manager's own work: side by side
// (`node --import tsx bench/tenant-scope.ts`) this path read several times as many quotes per second.
// Row-level security is the same second lock. The read goes as one batch of two prepared
// statements (./statement-pipeline.ts), which PostgreSQL runs as one implicit transaction ended by
// the batch's Sync: the first makes it read-only and sets the tenant and the role, each local to
// that transaction, the second is the read. Nothing else runs between them on the connection, and
// the settings are gone once it commits. Prepared, PostgreSQL spends half the CPU on a read that it
// spent parsing and planning BEGIN, the settings, the text with its values written in and COMMIT
// (0.09 against 0.18 ms a quote read, `bench/cpu-per-request.ts read`); the app's is unchanged.

/** One read in a read-only transaction scoped to the tenant, sent as one message. */
export async function tenantRead<R extends object>(tenantId: string, text: string, values: readonly string[]): Promise<R[]> {
  return (await pooledBatch(tenantReadStatements(tenantId, text, values)))[1]!.rows as R[];
}
