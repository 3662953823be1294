import { prisma, type Tx } from './client';

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
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'ledger_tenant', true)`;
      return fn(tx);
    },
    { timeout: options.timeoutMs ?? 15_000, maxWait: 10_000, isolationLevel: options.isolationLevel },
  );
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
