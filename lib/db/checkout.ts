import type pg from 'pg';
import { sharedPool } from './client';

/**
 * A connection of the shared pool for the length of `work`. While a connection is checked out the
 * pool no longer listens to its 'error' event, and a server that ends it between two statements
 * (a restart, an administrator's terminate) would otherwise end the whole process; here the error
 * is heard, and a connection that was ended, or that `work` discards (it cannot vouch for its
 * state), is destroyed rather than handed to the next caller.
 */
export async function withConnection<T>(work: (client: pg.PoolClient, discard: () => void) => Promise<T>): Promise<T> {
  const client = await sharedPool().connect();
  let failed = false;
  const onError = () => {
    failed = true;
  };
  client.on('error', onError);
  try {
    return await work(client, onError);
  } finally {
    client.removeListener('error', onError);
    client.release(failed);
  }
}
