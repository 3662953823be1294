import { withConnection } from './checkout';
import type { SqlStatement } from './prepared-query';
import { sendBatch, type BatchResults } from './statement-pipeline';

/**
 * One batch of prepared statements (./statement-pipeline.ts) on a connection of the shared pool,
 * for statements that need no transaction of their own beyond the implicit one the batch's Sync
 * ends: a failed batch is rolled back by that Sync, and only a statement the connection may or may
 * not hold now makes it unfit for the next caller.
 */
export async function pooledBatch(statements: readonly SqlStatement[]): Promise<BatchResults> {
  return withConnection(async (client, discard) => {
    const batch = sendBatch(client, statements);
    try {
      return await batch.done;
    } catch (error) {
      if (batch.preparedUnknown()) discard();
      throw error;
    }
  });
}
