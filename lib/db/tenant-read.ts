import { withConnection } from './checkout';
import type { SqlStatement } from './prepared-query';
import { sendBatch } from './statement-pipeline';
import { isTenantId } from './tenant-sql';

// The hottest reads (a quote, a request's status: every poll) in one round trip on a connection
// of the shared pool, without Prisma's interactive transaction. withTenant costs three (BEGIN with
// the settings, query, COMMIT) plus the transaction manager's own work: side by side
// (`node --import tsx bench/tenant-scope.ts`) this path read several times as many quotes per second.
// Row-level security is the same second lock: BEGIN READ ONLY, the tenant settings (transaction-
// local), the query and COMMIT go as one batch of prepared statements (./statement-pipeline.ts),
// so they run in that order inside one transaction and nothing else can run between them on the
// connection. Prepared, PostgreSQL spends half the CPU on a read that it spent parsing and planning
// the same text with its values written in (0.10 against 0.20 ms, `bench/cpu-per-request.ts read`).

const BEGIN_READ_ONLY: SqlStatement = { text: 'BEGIN READ ONLY', values: [] };
const ROLE: SqlStatement = { text: 'SET LOCAL ROLE ledger_tenant', values: [] };
const COMMIT: SqlStatement = { text: 'COMMIT', values: [] };
/** The place of the read's own result among the batch's: after BEGIN and the two settings. */
const READ_RESULT = 3;

/** One read in a read-only transaction scoped to the tenant, sent as one message. */
export async function tenantRead<R extends object>(tenantId: string, text: string, values: readonly string[]): Promise<R[]> {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  const statements: SqlStatement[] = [
    BEGIN_READ_ONLY,
    { text: "SELECT set_config('app.tenant_id', $1, true)", values: [tenantId] },
    ROLE,
    { text, values },
    COMMIT,
  ];
  return withConnection(async (client, discard) => {
    const batch = sendBatch(client, statements);
    try {
      return (await batch.done)[READ_RESULT]!.rows as R[];
    } catch (error) {
      // A failed read leaves its transaction open and aborted: the connection is not handed on.
      discard();
      throw error;
    }
  });
}
