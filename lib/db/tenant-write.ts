import type pg from 'pg';
import type { Prisma } from './client';
import { withConnection } from './checkout';
import type { SqlTx } from './sql-tx';
import type { SqlStatement } from './prepared-query';
import { sendBatch, type BatchResult } from './statement-pipeline';
import { isTenantId } from './tenant-sql';

// A tenant-scoped write in as few round trips as its logic allows, on a connection of the shared
// pool rather than Prisma's interactive transaction (whose query engine and transaction manager
// cost the hot writes most of their CPU: `node --import tsx bench/profile.ts calculate`). BEGIN and
// the tenant settings travel with the first statement, and the statements whose rows the caller
// does not read (`execute`) wait for the next one or for COMMIT: a write that reads, decides and
// saves takes two messages, and a write of one statement whose rows it answers (`queryAndCommit`)
// one. Each message is a batch of named prepared statements
// (./statement-pipeline.ts): PostgreSQL parses and plans a statement once per connection and
// afterwards only binds its values, where the simple protocol made it parse and plan every
// statement again with its values written into the text (over a third of its CPU for a whole
// policy: `bench/pg-phases.ts`). The statements of a message run in order on this connection and
// nothing else runs between them. Row-level security is the same second lock as withTenant's: the
// role and the tenant set for this transaction only.

const BEGIN: SqlStatement = { text: 'BEGIN', values: [] };
const COMMIT: SqlStatement = { text: 'COMMIT', values: [] };

/**
 * The tenant and the role for row-level security, and a timeout (a lock or statement still waiting
 * after 15 s fails the transaction, as withTenant's does), all local to this transaction: one
 * statement for every tenant, the tenant its parameter.
 */
function tenantSettings(tenantId: string): SqlStatement {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  return {
    text: "SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true), set_config('statement_timeout', '15s', true)",
    values: [tenantId],
  };
}

/**
 * Runs `fn` in one transaction scoped to the tenant and commits it with the statements still
 * waiting; anything `fn` throws, or any failing statement, rolls all of it back.
 */
export async function tenantWrite<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  const opening = [BEGIN, tenantSettings(tenantId)];
  return withConnection(async (client, discard) => {
    let opened = false;
    let committed = false;
    /** Statements of `execute` not sent yet: they go first in the next message. */
    const waiting: SqlStatement[] = [];
    let preparedUnknown = () => false;
    const refuseAfterCommit = () => {
      if (committed) throw new Error('The transaction has committed: no statement may follow it');
    };
    /** Sends the opening (once), the waiting statements and `last` as one message; every result. */
    const send = async (...last: SqlStatement[]): Promise<BatchResult[]> => {
      refuseAfterCommit();
      const batch = sendBatch(client, [...(opened ? [] : opening), ...waiting.splice(0), ...last]);
      opened = true;
      preparedUnknown = batch.preparedUnknown;
      return batch.done;
    };
    const tx: SqlTx = {
      async query<R extends object>(sql: Prisma.Sql): Promise<R[]> {
        return (await send(sql)).at(-1)!.rows as R[];
      },
      async execute(sql: Prisma.Sql): Promise<void> {
        refuseAfterCommit();
        waiting.push(sql);
      },
      async queryAndCommit<R extends object>(sql: Prisma.Sql): Promise<R[]> {
        const results = await send(sql, COMMIT);
        committed = true;
        return results.at(-2)!.rows as R[];
      },
    };
    try {
      const value = await fn(tx);
      if (!committed && (opened || waiting.length > 0)) await send(COMMIT);
      return value;
    } catch (error) {
      // A failed statement left the transaction aborted (a failed COMMIT message ran no COMMIT).
      // Rolled back, the connection can serve the next caller; if even that fails, or if it may
      // hold a prepared statement it no longer knows of, it is destroyed.
      if (preparedUnknown()) discard();
      else if (opened && !(await rollBack(client))) discard();
      throw error;
    }
  });
}

/** Whether the connection is fit for the next caller: it rolled back, or had nothing to roll back. */
async function rollBack(client: pg.PoolClient): Promise<boolean> {
  try {
    await client.query('ROLLBACK');
    return true;
  } catch {
    return false;
  }
}
