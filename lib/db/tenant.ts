import { prisma, type Tx } from './client';
import { inTenantScope, needsExplicitSettings, type TenantScope } from './tenant-begin';
import { isTenantId } from './tenant-sql';

export interface TransactionOptions {
  /** Upper bound for the whole transaction; a stuck one is rolled back. */
  timeoutMs?: number;
  isolationLevel?: 'ReadCommitted' | 'RepeatableRead' | 'Serializable';
}

/**
 * Runs `fn` in one transaction scoped to a tenant. Besides the `where` every query carries,
 * the transaction switches to the `ledger_tenant` role with `app.tenant_id` set, so
 * PostgreSQL row-level security hides every other tenant's rows: the second lock.
 */
export function withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const run = (scope?: TenantScope) =>
    prisma.$transaction(
      async (tx) => {
        // Usually the settings went out with BEGIN (./tenant-begin.ts): one round trip fewer.
        if (!scope || needsExplicitSettings(scope)) {
          await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
        }
        return fn(tx);
      },
      { timeout: options.timeoutMs ?? 15_000, maxWait: 10_000, isolationLevel: options.isolationLevel },
    );
  // SET TRANSACTION ISOLATION LEVEL must precede every query, so such a transaction sets the tenant after it.
  if (options.isolationLevel || !isTenantId(tenantId)) return run();
  return inTenantScope(tenantId, run);
}

/**
 * A transaction with the connection's own role: for the system's cross-tenant work
 * (claiming jobs, expiry sweeps, authentication lookups). Never reached from a request
 * with a tenant's input unless the caller scopes every query itself.
 */
export function withSystem<T>(fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return prisma.$transaction(async (tx) => fn(tx), {
    timeout: options.timeoutMs ?? 15_000,
    maxWait: 10_000,
    isolationLevel: options.isolationLevel,
  });
}
