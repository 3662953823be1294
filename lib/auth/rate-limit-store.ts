import pg from 'pg';
import { errorFields, log } from '@/lib/log';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';

// The store behind the sign-in throttle and the shared tenant rate limit: rate-limiter-flexible's
// PostgreSQL store on the "RateLimit" table (migration 0009), so every app process counts in one
// place. It has a small pool of its own (RATE_LIMIT_POOL_MAX connections per process, beside
// DB_POOL_MAX): its one-statement upserts never wait behind a long request transaction.

export const RATE_LIMIT_POOL_MAX = 2;
export const RATE_LIMIT_TABLE = 'RateLimit';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  /** Once a key has spent its points, refuse it in this process's memory until its window ends. */
  blockInMemory?: boolean;
}

export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

const globalForStore = globalThis as unknown as { ledgerRateLimitPool?: pg.Pool };

function pool(): pg.Pool {
  if (!globalForStore.ledgerRateLimitPool) {
    const created = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: RATE_LIMIT_POOL_MAX,
      // Kept open through quiet spells, as the process pool's are (lib/db/pool.ts).
      min: RATE_LIMIT_POOL_MAX,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection dropped by a database restart must not take the process down; the pool reconnects.
    created.on('error', (error) => log.warn('rate-limit store connection lost', errorFields(error)));
    globalForStore.ledgerRateLimitPool = created;
  }
  return globalForStore.ledgerRateLimitPool;
}

/** Closes the store's connections (scripts that end on their own). */
export async function closeRateLimitStore(): Promise<void> {
  const open = globalForStore.ledgerRateLimitPool;
  globalForStore.ledgerRateLimitPool = undefined;
  await open?.end();
}

/** Limiters on the shared PostgreSQL table (the table exists: no CREATE at run time). */
export const postgresLimiter: LimiterFactory = ({ keyPrefix, points, durationSeconds, blockInMemory }) =>
  new RateLimiterPostgres({
    storeClient: pool(),
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration: durationSeconds,
    ...(blockInMemory ? { inMemoryBlockOnConsumed: points } : {}),
  });

/** Limiters in this process's memory (unit tests, and the measure against the shared store). */
export const memoryLimiter: LimiterFactory = ({ keyPrefix, points, durationSeconds }) =>
  new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
