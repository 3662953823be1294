import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { carryTenantScope, inTenantScope, needsExplicitSettings } from '@/lib/db/tenant-begin';
import { sendBatch } from '@/lib/db/statement-pipeline';
import { tenantReadStatements } from '@/lib/db/tenant-sql';
import { PrismaClient } from '@/lib/db/generated/client';
import { percentile } from './load';

// The ORM's share of a hot read: the same tenant-scoped transaction as lib/db/tenant.ts withTenant
// (set_config of app.tenant_id and role, then the read) with the read done by Prisma's query
// builder or as the same SQL through the same client's $queryRaw, and the read-only fast path of
// lib/db/tenant-read.ts (a pool connection, BEGIN with the settings, query, COMMIT), and withTenant
// as the writes use it now (the settings in Prisma's own BEGIN). In this process, 16 at a time.

export interface OrmFigures {
  variant: string;
  perSecond: number;
  p50: number;
  p99: number;
}

type Variant = { name: string; run: (id: string) => Promise<unknown> };

async function measure(variant: Variant, ids: string[], durationMs: number, concurrency: number): Promise<OrmFigures> {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const id = ids[Math.floor(Math.random() * ids.length)] as string;
        const started = performance.now();
        const row = await variant.run(id);
        if (!row) throw new Error(`${variant.name}: no row for ${id}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return {
    variant: variant.name,
    perSecond: latencies.length / ((performance.now() - t0) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function benchOrmVsRaw(
  databaseUrl: string,
  tenantId: string,
  quoteIds: string[],
  requestIds: string[],
  say: (line: string) => void,
): Promise<OrmFigures[]> {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
  // What lib/db/tenant-read.ts does for a read alone, on a pool of this process: one batch of prepared
  // statements (reads of one turn of the app's event loop also share their batch; not measured here).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const ownConnection = async (text: string, id: string) => {
    const client = await pool.connect();
    try {
      return (await sendBatch(client, tenantReadStatements(tenantId, text, [id, tenantId])).done)[1]!.rows[0];
    } finally {
      client.release();
    }
  };
  const scoped = <T>(fn: (tx: Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>) => Promise<T>) =>
    prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
      return fn(tx);
    });
  // What withTenant does since the settings travel with Prisma's BEGIN (lib/db/tenant-begin.ts).
  const carryingPool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  carryingPool.on('connect', carryTenantScope);
  const carrying = new PrismaClient({ adapter: new PrismaPg(carryingPool) });
  const scopedInBegin = <T>(fn: (tx: Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>) => Promise<T>) =>
    inTenantScope(tenantId, (scope) =>
      carrying.$transaction(async (tx) => {
        if (needsExplicitSettings(scope))
          await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
        return fn(tx);
      }),
    );
  const variants: { name: string; ids: string[]; run: (id: string) => Promise<unknown> }[] = [
    {
      name: 'quote: tx + findFirst (earlier)',
      ids: quoteIds,
      run: (id) => scoped((tx) => tx.policy.findFirst({ where: { id, tenantId } })),
    },
    {
      name: 'quote: tx + $queryRaw (before)',
      ids: quoteIds,
      run: (id) =>
        scoped(
          async (tx) =>
            (await tx.$queryRaw<unknown[]>`SELECT * FROM "Policy" WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid`)[0],
        ),
    },
    {
      name: 'quote: tx, settings in BEGIN (writes)',
      ids: quoteIds,
      run: (id) =>
        scopedInBegin(
          async (tx) =>
            (await tx.$queryRaw<unknown[]>`SELECT * FROM "Policy" WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid`)[0],
        ),
    },
    {
      name: 'quote: own connection (now)',
      ids: quoteIds,
      run: (id) => ownConnection('SELECT * FROM "Policy" WHERE "id" = $1::uuid AND "tenantId" = $2::uuid', id),
    },
    { name: 'quote: findFirst, no tx (no RLS)', ids: quoteIds, run: (id) => prisma.policy.findFirst({ where: { id, tenantId } }) },
    {
      name: 'quote: $queryRaw, no tx (no RLS)',
      ids: quoteIds,
      run: async (id) =>
        (await prisma.$queryRaw<unknown[]>`SELECT * FROM "Policy" WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid`)[0],
    },
    {
      name: 'request: tx + findFirst (earlier)',
      ids: requestIds,
      run: (id) => scoped((tx) => tx.request.findFirst({ where: { id, tenantId } })),
    },
    {
      name: 'request: tx + $queryRaw (before)',
      ids: requestIds,
      run: (id) =>
        scoped(
          async (tx) =>
            (await tx.$queryRaw<unknown[]>`SELECT * FROM "Request" WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid`)[0],
        ),
    },
    {
      name: 'request: own connection (now)',
      ids: requestIds,
      run: (id) => ownConnection('SELECT * FROM "Request" WHERE "id" = $1::uuid AND "tenantId" = $2::uuid', id),
    },
  ];
  const results: OrmFigures[] = [];
  try {
    for (const variant of variants) {
      await measure(variant, variant.ids, 500, 16); // warm-up
      const result = await measure(variant, variant.ids, 2_500, 16);
      say(
        `  ${result.variant.padEnd(36)} ${result.perSecond.toFixed(0).padStart(6)}/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms`,
      );
      results.push(result);
    }
  } finally {
    await prisma.$disconnect();
    await carrying.$disconnect();
    await carryingPool.end();
    await pool.end();
  }
  return results;
}
