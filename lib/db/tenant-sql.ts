import pg from 'pg';

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
