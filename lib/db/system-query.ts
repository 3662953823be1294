import type { Prisma } from './client';
import { sharedPool } from './client';
import { ledgerTypes } from './pg-types';

/**
 * One statement of the system's own (no tenant scope, no transaction) on the shared pool, with its
 * values as bind parameters, outside Prisma's query engine: for the queue's claims, which every
 * worker runs for every job and which cost the worker more CPU through the engine than the job's
 * own writes.
 */
export async function systemQuery<R extends object>(sql: Prisma.Sql): Promise<R[]> {
  const result = await sharedPool().query<R>({ text: sql.text, values: sql.values, types: ledgerTypes });
  return result.rows;
}
