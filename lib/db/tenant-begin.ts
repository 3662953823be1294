import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { isTenantId, tenantSettingsSql } from './tenant-sql';

// Tenant-scoped transactions in one round trip fewer. Prisma's interactive transaction opens with
// its own `BEGIN`, and withTenant then set the tenant settings in a second round trip. Here the
// tenant travels with the call (AsyncLocalStorage) and the pool's connections send `BEGIN` and
// the settings as one simple-protocol message. withTenant sets the settings itself unless exactly
// one BEGIN carried them, so row-level security never depends on this shortcut firing: if a BEGIN
// were ever sent outside its caller's context, the scopes involved see no BEGIN or two, and fall
// back to the explicit settings on their own transaction's connection.

export interface TenantScope {
  readonly tenantId: string;
  /** Set once this scope's settings went out with a BEGIN. */
  applied: boolean;
  /** A second BEGIN was seen in this scope: which one carried the settings is no longer certain. */
  ambiguous: boolean;
}

/**
 * Called first thing inside the scope's transaction: whether it must set the tenant settings
 * itself. Seals the scope, so a transaction opened later in the same context (a nested system
 * transaction) gets a plain BEGIN.
 */
export function needsExplicitSettings(scope: TenantScope): boolean {
  const explicit = !scope.applied || scope.ambiguous;
  scope.applied = true;
  return explicit;
}

const scopes = new AsyncLocalStorage<TenantScope>();

/** Runs `fn` with the tenant whose settings the next transaction's BEGIN should carry. */
export function inTenantScope<T>(tenantId: string, fn: (scope: TenantScope) => Promise<T>): Promise<T> {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  const scope: TenantScope = { tenantId, applied: false, ambiguous: false };
  return scopes.run(scope, () => fn(scope));
}

type QueryConfig = { text?: unknown; values?: unknown[] };

/** Only the plain `BEGIN` that opens a transaction, sent without parameters or callback. */
function isPlainBegin(config: unknown, rest: unknown[]): config is QueryConfig {
  if (rest.length > 0 || typeof config !== 'object' || config === null) return false;
  const { text, values } = config as QueryConfig;
  return text === 'BEGIN' && (values === undefined || values.length === 0);
}

/** Patches one pool connection (the pool's `connect` event) to carry a waiting scope in its BEGIN. */
export function carryTenantScope(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const scope = scopes.getStore();
    if (!scope || !isPlainBegin(config, rest)) return query(config, ...rest);
    if (scope.applied) {
      scope.ambiguous = true;
      return query(config, ...rest);
    }
    scope.applied = true;
    const text = `BEGIN; ${tenantSettingsSql(scope.tenantId)}`;
    // Two statements answer with two results; the caller asked for BEGIN's.
    return query({ ...config, text }).then((results) => (Array.isArray(results) ? results[0] : results));
  };
}
