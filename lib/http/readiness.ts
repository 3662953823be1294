import { prisma } from '@/lib/db/client';
import { migrationNames } from '@/lib/db/migrate';
import { errorFields, log } from '@/lib/log';
import { isDraining } from './drain';

// Readiness, for load balancers and deploys: this process should get traffic only when it is
// not shutting down, the database answers, every migration on disk is applied, and the job
// queue can be read. Liveness (/api/health) stays the plain "database answers".

export interface Readiness {
  ready: boolean;
  checks: { accepting: boolean; database: boolean; migrations: boolean; queue: boolean };
  pendingMigrations?: string[];
}

export async function readiness(): Promise<Readiness> {
  const checks = { accepting: !isDraining(), database: false, migrations: false, queue: false };
  let pendingMigrations: string[] | undefined;
  try {
    await prisma.$queryRaw`SELECT 1`;
    checks.database = true;
    const applied = new Set((await prisma.$queryRaw<{ name: string }[]>`SELECT "name" FROM "_LedgerMigration"`).map((row) => row.name));
    pendingMigrations = (await migrationNames()).filter((name) => !applied.has(name));
    checks.migrations = pendingMigrations.length === 0;
    await prisma.$queryRaw`SELECT 1 FROM "Job" LIMIT 1`;
    checks.queue = true;
  } catch (error) {
    log.warn('readiness check failed', errorFields(error));
  }
  const ready = Object.values(checks).every(Boolean);
  return { ready, checks, ...(pendingMigrations?.length ? { pendingMigrations } : {}) };
}
