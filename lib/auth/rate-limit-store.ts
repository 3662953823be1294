import pg from 'pg';
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
}

export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

const globalForStore = globalThis as unknown as { ledgerRateLimitPool?: pg.Pool };

function pool(): pg.Pool {
  return (globalForStore.ledgerRateLimitPool ??= new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: RATE_LIMIT_POOL_MAX,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  }));
}

/** Limiters on the shared PostgreSQL table (the table exists: no CREATE at run time). */
export const postgresLimiter: LimiterFactory = ({ keyPrefix, points, durationSeconds }) =>
  new RateLimiterPostgres({
    storeClient: pool(),
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration: durationSeconds,
  });

/** Limiters in this process's memory (unit tests, and the measure against the shared store). */
export const memoryLimiter: LimiterFactory = ({ keyPrefix, points, durationSeconds }) =>
  new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
