import type pg from 'pg';
import { sharedPool } from './client';

/** A connection taken from the shared pool, until `release`. */
export interface CheckedOut {
  client: pg.PoolClient;
  /** The connection cannot be vouched for: it is destroyed on release, not handed on. */
  discard(): void;
  release(): void;
}

/**
 * A connection of the shared pool until it is released. While a connection is checked out the
 * pool no longer listens to its 'error' event, and a server that ends it between two statements
 * (a restart, an administrator's terminate) would otherwise end the whole process; here the error
 * is heard, and a connection that was ended, or that its taker discards (it cannot vouch for its
 * state), is destroyed rather than handed to the next caller.
 */
export async function checkOut(): Promise<CheckedOut> {
  const client = await sharedPool().connect();
  let failed = false;
  const onError = () => {
    failed = true;
  };
  client.on('error', onError);
  return {
    client,
    discard: onError,
    release() {
      client.removeListener('error', onError);
      client.release(failed);
    },
  };
}

/** A connection of the shared pool for the length of `work` (see checkOut). */
export async function withConnection<T>(work: (client: pg.PoolClient, discard: () => void) => Promise<T>): Promise<T> {
  const connection = await checkOut();
  try {
    return await work(connection.client, connection.discard);
  } finally {
    connection.release();
  }
}
