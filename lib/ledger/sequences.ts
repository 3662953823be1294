import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';

// Per-tenant counters; invoice and policy numbers are gapless. The row lock taken by the upsert serialises concurrent
// callers until their transaction ends, so a rolled-back transaction leaves no gap.

export async function nextSequenceValue(tx: Tx, tenantId: string, name: string): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "Sequence" ("tenantId", "name", "value") VALUES (${tenantId}::uuid, ${name}, 1)
    ON CONFLICT ("tenantId", "name") DO UPDATE SET "value" = "Sequence"."value" + 1
    RETURNING "value"`;
  return rows[0]!.value;
}

export function formatNumber(prefix: string, year: number, value: number): string {
  return `${prefix}-${year}-${String(value).padStart(6, '0')}`;
}

/** INV-2026-000123: one gapless sequence per tenant and year. */
export async function nextInvoiceNumber(tx: Tx, tenantId: string, year: number): Promise<string> {
  return formatNumber('INV', year, await nextSequenceValue(tx, tenantId, `invoice:${year}`));
}

/** The policy number's prefix: ACME-HOME. */
export function policyNumberPrefix(tenantTag: string, productCode: string): string {
  return `${tenantTag.toUpperCase()}-${productCode.toUpperCase()}`;
}

/**
 * The issue's two gapless numbers and the tenant's tag in one statement: the policy counter's row
 * lock first, then the invoice counter's (the invoice upsert reads the policy one's result, so the
 * order is fixed and two issues cannot take them in opposite orders). Both locks last until the
 * transaction ends, so an issue draws them as late as it can (lib/ledger/quotes/issue-policy-job.ts).
 */
export function nextIssueNumbersSql(tenantId: string, productCode: string, year: number): Prisma.Sql {
  return Prisma.sql`WITH policy_number AS (
      INSERT INTO "Sequence" ("tenantId", "name", "value") VALUES (${tenantId}::uuid, ${`policy:${productCode}:${year}`}, 1)
      ON CONFLICT ("tenantId", "name") DO UPDATE SET "value" = "Sequence"."value" + 1
      RETURNING "value"),
    invoice_number AS (
      INSERT INTO "Sequence" ("tenantId", "name", "value") SELECT ${tenantId}::uuid, ${`invoice:${year}`}, 1 FROM policy_number
      ON CONFLICT ("tenantId", "name") DO UPDATE SET "value" = "Sequence"."value" + 1
      RETURNING "value")
    SELECT policy_number."value" AS "policy", invoice_number."value" AS "invoice",
      (SELECT "tag" FROM "Tenant" WHERE "id" = ${tenantId}::uuid) AS "tenantTag"
    FROM policy_number, invoice_number`;
}

/**
 * Q-2026-000123, from a PostgreSQL sequence per tenant and year (migration 0009): nextval() holds
 * no lock to commit, so concurrent quote creations of one tenant no longer queue on one counter
 * row. A rolled-back creation leaves a gap, which quote numbers may have; invoice and policy
 * numbers stay on the gapless counter above. An expression, so the statement that inserts the
 * quote draws its number (no round trip of its own); formatted as formatNumber does.
 */
export function nextQuoteNumberSql(tenantId: string, year: number): Prisma.Sql {
  return Prisma.sql`(SELECT 'Q-' || ${year}::int || '-' || lpad(n.value::text, greatest(6, length(n.value::text)), '0')
    FROM ledger_next_quote_value(${tenantId}::uuid, ${year}::int) AS n(value))`;
}
