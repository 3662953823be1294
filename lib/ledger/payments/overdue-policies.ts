import type { Tx } from '@/lib/db/client';
import { businessTodayOf } from '@/lib/ledger/today';
import { money, toAmount } from '@/lib/money';
import { productCodes } from '@/lib/products/registry';

// The policies in arrears, for the quotes list: what is owed on instalments whose due date has
// passed, and the oldest such date. The same rule as a policy's balance (`balanceOf`): a live
// instalment (not cancelled, not an amount owed back) with anything still owed after its due
// date, judged on each product's business date. Read in one query, nothing stored.

export interface PolicyOverdue {
  amount: number;
  currency: string;
  oldestDueDate: string;
}

/** Today for every product, in the tenant's zone or the product's own. */
export function businessTodaysOf(tenant: { timeZone: string }, now?: Date): { codes: string[]; days: string[] } {
  const codes = productCodes();
  return { codes, days: codes.map((code) => businessTodayOf(tenant, code, now)) };
}

/**
 * The tenant's policies with an overdue instalment, keyed by policy id; only `policyIds` when given
 * (one page of the list).
 */
export async function overduePolicies(
  tx: Tx,
  tenant: { id: string; timeZone: string },
  policyIds?: readonly string[],
): Promise<Map<string, PolicyOverdue>> {
  const { codes, days } = businessTodaysOf(tenant);
  const ids = policyIds ? [...policyIds] : null;
  const rows = await tx.$queryRaw<{ policyId: string; amount: string; currency: string; oldestDueDate: string }[]>`
    SELECT i."policyId"::text AS "policyId", SUM(i."amount" - COALESCE(a."paid", 0))::text AS "amount",
           MIN(i."currency") AS "currency", MIN(i."dueDate")::text AS "oldestDueDate"
    FROM "Instalment" i
    JOIN "Policy" p ON p."id" = i."policyId" AND p."tenantId" = i."tenantId"
    JOIN unnest(${codes}::text[], ${days}::date[]) AS t("code", "today") ON t."code" = p."productCode"
    LEFT JOIN LATERAL (
      SELECT SUM(al."amount") AS "paid" FROM "Allocation" al WHERE al."instalmentId" = i."id" AND al."tenantId" = i."tenantId"
    ) a ON true
    WHERE i."tenantId" = ${tenant.id}::uuid
      AND i."status" <> 'cancelled'
      AND i."amount" > 0
      AND i."dueDate" < t."today"
      AND i."amount" - COALESCE(a."paid", 0) > 0
      AND (${ids}::uuid[] IS NULL OR i."policyId" = ANY(${ids}::uuid[]))
    GROUP BY i."policyId"`;
  return new Map(
    rows.map((row) => [row.policyId, { amount: toAmount(money(row.amount)), currency: row.currency, oldestDueDate: row.oldestDueDate }]),
  );
}
