import type { Prisma, Tx } from './client';

/**
 * What a domain function needs of a transaction to run SQL it builds with `Prisma.sql`: the rows a
 * statement answers. Both transaction paths give it: Prisma's interactive transaction (`sqlOf`) and
 * the one-message tenant write (./tenant-write.ts), so such a function serves either.
 */
export interface SqlTx {
  /** Runs the statement and answers its rows. */
  query<R extends object = Record<string, unknown>>(sql: Prisma.Sql): Promise<R[]>;
  /**
   * Runs a statement whose rows the caller does not read. The transaction may hold it and send it
   * with its next statement or with COMMIT (statements still run in the order given); a failure
   * then fails that statement or the commit, and the whole transaction is rolled back.
   */
  execute(sql: Prisma.Sql): Promise<void>;
  /**
   * Runs the transaction's last statement and answers its rows. tenantWrite sends it with COMMIT,
   * in one message (query and then the commit take two), and refuses any statement after it;
   * Prisma's transaction runs it as `query` and commits when its callback returns.
   */
  queryAndCommit<R extends object = Record<string, unknown>>(sql: Prisma.Sql): Promise<R[]>;
}

/** The SqlTx of a Prisma transaction. */
export function sqlOf(tx: Tx): SqlTx {
  return {
    query: <R extends object>(sql: Prisma.Sql) => tx.$queryRaw<R[]>(sql),
    execute: async (sql: Prisma.Sql) => {
      await tx.$executeRaw(sql);
    },
    queryAndCommit: <R extends object>(sql: Prisma.Sql) => tx.$queryRaw<R[]>(sql),
  };
}
