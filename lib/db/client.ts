import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export type { Prisma } from './generated/client';

/** The transaction client handed to domain functions. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const poolMax = Number(process.env.DB_POOL_MAX ?? 10);

function createClient(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: process.env.DATABASE_URL,
    max: poolMax,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

// One client per process; the global keeps it across Next.js dev reloads.
const globalForPrisma = globalThis as unknown as { ledgerPrisma?: PrismaClient };
export const prisma: PrismaClient = (globalForPrisma.ledgerPrisma ??= createClient());
