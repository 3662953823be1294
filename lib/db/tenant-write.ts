import type { Prisma } from './client';
import { checkOut, type CheckedOut } from './checkout';
import type { SqlTx } from './sql-tx';
import type { SqlStatement } from './prepared-query';
import { sendBatch, type BatchResult } from './statement-pipeline';
import { BEGIN, COMMIT, commitTenantWrite, rollBackOrDiscard, tenantSettings } from './tenant-commit';

// A tenant-scoped write in as few round trips as its logic allows, on a connection of the shared
// pool rather than Prisma's interactive transaction (whose query engine and transaction manager
// cost the hot writes most of their CPU: `node --import tsx bench/profile.ts calculate`). BEGIN and
// the tenant settings travel with the first statement, and the statements whose rows the caller
// does not read (`execute`) wait for the next one or for COMMIT: a write that reads, decides and
// saves takes two messages, and a write of one statement whose rows it answers (`queryAndCommit`)
// one, shared with the tenant's other such writes of the same turn (./tenant-commit.ts): until a
// statement must go before the commit, no connection is taken. Each message is a batch of named
// prepared statements (./statement-pipeline.ts): PostgreSQL parses and plans a statement once per
// connection and afterwards only binds its values, where the simple protocol made it parse and plan
// every statement again with its values written into the text (over a third of its CPU for a whole
// policy: `bench/pg-phases.ts`). The statements of a message run in order on this connection and
// nothing else runs between them. Row-level security is the same second lock as withTenant's: the
// role and the tenant set for this transaction only.

/**
 * Runs `fn` in one transaction scoped to the tenant and commits it with the statements still
 * waiting; anything `fn` throws, or any failing statement, rolls all of it back.
 */
export async function tenantWrite<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  const opening = [BEGIN, tenantSettings(tenantId)];
  /** The connection, asked for when a statement must go before the commit (its rows are read). */
  let connection: Promise<CheckedOut> | undefined;
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
    const opened = connection !== undefined;
    connection ??= checkOut();
    // Taken before the wait for the connection: calls made together send in the order made.
    const statements = [...(opened ? [] : opening), ...waiting.splice(0), ...last];
    const batch = sendBatch((await connection).client, statements);
    preparedUnknown = batch.preparedUnknown;
    return batch.done;
  };
  /**
   * Commits the waiting statements and `last`: on the connection if the transaction has one, or,
   * the whole transaction known, with the tenant's other writes of this turn (./tenant-commit.ts).
   * The results of the statements sent in this call, COMMIT's left out.
   */
  const commit = async (...last: SqlStatement[]): Promise<BatchResult[]> => {
    refuseAfterCommit();
    const results = connection
      ? (await send(...last, COMMIT)).slice(0, -1)
      : await commitTenantWrite(tenantId, [...waiting.splice(0), ...last]);
    committed = true;
    return results;
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
      return (await commit(sql)).at(-1)!.rows as R[];
    },
  };
  try {
    const value = await fn(tx);
    if (!committed && (connection || waiting.length > 0)) await commit();
    return value;
  } catch (error) {
    const held = await connection?.catch(() => undefined);
    if (held) await rollBackOrDiscard(held.client, preparedUnknown(), held.discard);
    throw error;
  } finally {
    (await connection?.catch(() => undefined))?.release();
  }
}
