import type { Prisma } from './client';
import { withConnection } from './checkout';
import { sendBatch } from './statement-pipeline';

/**
 * One statement of the system's own (no tenant scope, no transaction) on the shared pool, outside
 * Prisma's query engine: for the queue's claims, which every worker runs for every job and which
 * cost the worker more CPU through the engine than the job's own writes. It goes as a named
 * prepared statement (./statement-pipeline.ts), so PostgreSQL does not parse and plan a claim again
 * each time; its values travel as parameters.
 */
export async function systemQuery<R extends object>(sql: Prisma.Sql): Promise<R[]> {
  return withConnection(async (client, discard) => {
    const batch = sendBatch(client, [sql]);
    try {
      return (await batch.done)[0]!.rows as R[];
    } catch (error) {
      // The statement ran in its own implicit transaction, ended by the batch's Sync: only a
      // statement the connection may or may not hold now makes it unfit for the next caller.
      if (batch.preparedUnknown()) discard();
      throw error;
    }
  });
}
