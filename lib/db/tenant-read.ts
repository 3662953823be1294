import { withConnection } from './checkout';
import type { SqlStatement } from './prepared-query';
import { sendBatch } from './statement-pipeline';
import { isTenantId } from './tenant-sql';

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

const SCOPE_TEXT =
  "SELECT set_config('transaction_read_only', 'on', true), set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)";

/** One read in a read-only transaction scoped to the tenant, sent as one message. */
export async function tenantRead<R extends object>(tenantId: string, text: string, values: readonly string[]): Promise<R[]> {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  const statements: SqlStatement[] = [
    { text: SCOPE_TEXT, values: [tenantId] },
    { text, values },
  ];
  return withConnection(async (client, discard) => {
    const batch = sendBatch(client, statements);
    try {
      return (await batch.done)[1]!.rows as R[];
    } catch (error) {
      // The Sync rolled the failed read's transaction back; only a statement the connection may or
      // may not hold now makes it unfit for the next caller.
      if (batch.preparedUnknown()) discard();
      throw error;
    }
  });
}
