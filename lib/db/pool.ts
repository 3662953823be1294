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

export interface PoolSize {
  max: number;
  /** Connections kept open through a quiet spell; those above it close after 30 s idle. */
  min: number;
}

/** The process pool's settings from the environment (DATABASE_URL, DB_POOL_MAX, DB_POOL_MIN). */
export function processPoolConfig(env: Record<string, string | undefined>): pg.PoolConfig & PoolSize {
  return { connectionString: env.DATABASE_URL, ...poolSize(env), connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 };
}

/**
 * By default a process keeps every connection it opened. A connection closed in a quiet spell is
 * opened again by the next burst, whose first calls then wait for the server to start a backend
 * and fill its caches: half a second on a busy two-core host (docs/benchmark-log.md, "A quiet
 * spell's cold connections"). A lower DB_POOL_MIN gives idle connections back to the server.
 */
function poolSize(env: Record<string, string | undefined>): PoolSize {
  const max = wholeNumber(env, 'DB_POOL_MAX', 10, 1);
  const min = wholeNumber(env, 'DB_POOL_MIN', max, 0);
  if (min > max) throw new Error(`DB_POOL_MIN (${min}) must not be more than DB_POOL_MAX (${max})`);
  return { max, min };
}

function wholeNumber(env: Record<string, string | undefined>, name: string, fallback: number, least: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < least) throw new Error(`${name} must be a whole number of at least ${least}, not "${text}"`);
  return value;
}
