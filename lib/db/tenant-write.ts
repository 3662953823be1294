import type pg from 'pg';
import type { Prisma } from './client';
import { withConnection } from './checkout';
import { ledgerTypes } from './pg-types';
import type { SqlTx } from './sql-tx';
import { inlineSql, tenantSettingsSql } from './tenant-sql';

// A tenant-scoped write in as few round trips as its logic allows, on a connection of the shared
// pool rather than Prisma's interactive transaction (whose query engine and transaction manager
// cost the hot writes most of their CPU: `node --import tsx bench/profile.ts calculate`). BEGIN and
// the tenant settings travel with the first statement, and the statements whose rows the caller
// does not read (`execute`) wait for the next one or for COMMIT: a write that reads, decides and
// saves takes two messages.
// Each message is simple-protocol (values inlined as literals by inlineSql), so its statements run
// in order on this connection and nothing else can run between them. Row-level security is the
// same second lock as withTenant's: SET LOCAL role and tenant, for this transaction only.

/** A lock or statement still waiting after this long fails the transaction, as withTenant's timeout does. */
const STATEMENT_TIMEOUT = "SET LOCAL statement_timeout = '15s'";

/**
 * Runs `fn` in one transaction scoped to the tenant and commits it with the statements still
 * waiting; anything `fn` throws, or any failing statement, rolls all of it back.
 */
export async function tenantWrite<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  const begin = `BEGIN; ${tenantSettingsSql(tenantId)}; ${STATEMENT_TIMEOUT}`;
  return withConnection(async (client, discard) => {
    const send = async (message: string): Promise<pg.QueryResult[]> => {
      const answer = (await client.query({ text: message, types: ledgerTypes })) as unknown as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(answer) ? answer : [answer];
    };
    let opened = false;
    /** Statements of `execute` not sent yet: they go first in the next message. */
    const waiting: string[] = [];
    const message = (statement: string) => {
      const statements = [...(opened ? [] : [begin]), ...waiting.splice(0), statement];
      opened = true;
      return statements.join('; ');
    };
    const tx: SqlTx = {
      async query<R extends object>(sql: Prisma.Sql): Promise<R[]> {
        // One result per statement; the caller's is the last.
        return (await send(message(inlineSql(sql)))).at(-1)!.rows as R[];
      },
      async execute(sql: Prisma.Sql): Promise<void> {
        waiting.push(inlineSql(sql));
      },
    };
    try {
      const value = await fn(tx);
      if (opened || waiting.length > 0) await send(message('COMMIT'));
      return value;
    } catch (error) {
      // A failed statement left the transaction aborted (a failed COMMIT message ran no COMMIT).
      // Rolled back, the connection can serve the next caller; if even that fails it is destroyed.
      if (opened && !(await rollBack(client))) discard();
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
