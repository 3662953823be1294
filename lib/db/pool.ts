import pg from 'pg';
import { errorFields, log } from '@/lib/log';
import { carryTenantScope } from './tenant-begin';

/**
 * The process's pool of connections, as lib/db/client.ts makes it. Every connection listens to its
 * own 'error' event for as long as it lives. pg-pool listens only while a connection is idle and
 * stops the moment it hands it out: a connection made just as the server shuts down answers its
 * startup and then "terminating connection" (57P01) in the same read, and that error arrives after
 * the pool handed the connection out but before its taker could listen. With no listener, Node.js
 * ends the process. Heard here, the connection is only marked broken: the pool discards it on
 * release, and its taker's next statement fails as any statement does while the server is away.
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn('database connection lost', errorFields(error)));
    carryTenantScope(client);
  });
  // pg-pool re-emits an idle connection's error on the pool, and an 'error' event nobody hears ends
  // the process. Nothing is left to do here: the connection's own listener above has logged it, and
  // the pool has already dropped the connection.
  pool.on('error', () => undefined);
  return pool;
}
