import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from './generated/client';
import { createPool, processPoolConfig } from './pool';

export type { Prisma } from './generated/client';

/** The transaction client handed to domain functions. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const poolConfig = processPoolConfig(process.env);
const poolMax = poolConfig.max;

// The pool is ours (not the adapter's) so that the metrics can read how busy it is.
function processPool(): pg.Pool {
  return createPool(poolConfig);
}

function createClient(pool: pg.Pool): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

// One client per process; the global keeps it across Next.js dev reloads.
const globalForPrisma = globalThis as unknown as { ledgerPrisma?: PrismaClient; ledgerPool?: pg.Pool };
const pool: pg.Pool = (globalForPrisma.ledgerPool ??= processPool());
export const prisma: PrismaClient = (globalForPrisma.ledgerPrisma ??= createClient(pool));

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Connections of this process's pool: open, idle, and queries waiting for one. */
export function poolStats(): PoolStats {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax };
}

/** The pool itself, for the few reads that skip Prisma's interactive transaction (./tenant-read.ts). */
export function sharedPool(): pg.Pool {
  return pool;
}
