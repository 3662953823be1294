import pg from 'pg';
import type { SqlStatement } from './prepared-query';

// The statement that opens a tenant-scoped transaction, kept apart from the pool so that tools
// (the bench) can use it without creating the process's Prisma client before DATABASE_URL is set.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isTenantId(value: string): boolean {
  return UUID.test(value);
}

/**
 * The tenant settings, transaction-local; the tenant id is a checked UUID, so the literal is safe.
 * `SET LOCAL` rather than `SELECT set_config(..., true)`: the same settings, but no result rows to
 * describe and parse (side by side, the one-message read took 10 % less client CPU with it).
 */
export function tenantSettingsSql(tenantId: string): string {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  return `SET LOCAL app.tenant_id = '${tenantId}'; SET LOCAL ROLE ledger_tenant`;
}

const READ_SCOPE_TEXT =
  "SELECT set_config('transaction_read_only', 'on', true), set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)";

/**
 * A tenant read as a batch of prepared statements (./tenant-read.ts): in the implicit transaction
 * the batch's Sync ends, one statement makes it read-only and sets the tenant and the role, each
 * local to that transaction, then the read; its result is the batch's second.
 */
export function tenantReadStatements(tenantId: string, text: string, values: readonly string[]): SqlStatement[] {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  return [
    { text: READ_SCOPE_TEXT, values: [tenantId] },
    { text, values },
  ];
}

/** BEGIN READ ONLY and the tenant settings as one simple-protocol message. */
export function tenantBeginSql(tenantId: string): string {
  return `BEGIN READ ONLY; ${tenantSettingsSql(tenantId)}`;
}

/**
 * The query with `$1`, `$2`… replaced by the values as quoted literals (pg's escapeLiteral, the
 * same quoting libpq uses). The simple protocol that lets the whole transaction travel as one
 * message has no bind parameters; only text values are accepted, so nothing is quoted by guess.
 */
export function withLiterals(text: string, values: readonly string[]): string {
  return text.replace(/\$(\d+)/g, (_, digits: string) => {
    const value = values[Number(digits) - 1];
    if (typeof value !== 'string') throw new Error(`No text value for parameter $${digits}`);
    return pg.escapeLiteral(value);
  });
}
