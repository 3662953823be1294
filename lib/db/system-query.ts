import type { Prisma } from './client';
import { pooledBatch } from './pooled-batch';

/**
 * One statement of the system's own (no tenant scope, no transaction) on the shared pool, outside
 * Prisma's query engine: for the queue's claims, which every worker runs for every job and which
 * cost the worker more CPU through the engine than the job's own writes. It goes as a named
 * prepared statement (./statement-pipeline.ts), so PostgreSQL does not parse and plan a claim again
 * each time; its values travel as parameters.
 */
export async function systemQuery<R extends object>(sql: Prisma.Sql): Promise<R[]> {
  return (await pooledBatch([sql]))[0]!.rows as R[];
}
