import type { Prisma, Tx } from './client';

/**
 * What a domain function needs of a transaction to run SQL it builds with `Prisma.sql`: the rows a
 * statement answers. Both transaction paths give it: Prisma's interactive transaction (`sqlOf`) and
 * the one-message tenant write (./tenant-write.ts), so such a function serves either.
 */
export interface SqlTx {
  query<R extends object = Record<string, unknown>>(sql: Prisma.Sql): Promise<R[]>;
}

/** The SqlTx of a Prisma transaction. */
export function sqlOf(tx: Tx): SqlTx {
  return { query: <R extends object>(sql: Prisma.Sql) => tx.$queryRaw<R[]>(sql) };
}
