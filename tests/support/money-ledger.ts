import { withDatabase } from './db';

// The money invariants of one policy, read straight from the tables (issue 14): every journal
// entry balances; the receivable equals what the live instalments still ask for; what payments
// put on instalments equals what the instalments say they were paid (nothing is left on a
// cancelled one, nothing is paid twice or beyond its amount); cash equals payments less
// reversals and refunds; the policyholder's credit is never below zero.

export interface MoneyLedger {
  unbalanced: number;
  receivableCents: number;
  outstandingCents: number;
  /**
   * The premium the schedule charges: the live instalments, less what returns put into credit (a
   * return larger than the open instalments leaves a negative instalment, settled into credit).
   */
  chargedCents: number;
  allocatedCents: number;
  paidCents: number;
  /** Instalments paid beyond their amount or below zero, and cancelled ones still carrying money. */
  overpaidInstalments: number;
  cashCents: number;
  paymentsCents: number;
  creditCents: number;
}

const cents = (value: string | null | undefined) => Number(value ?? 0);

export async function moneyLedgerOf(policyId: string): Promise<MoneyLedger> {
  return withDatabase(async (client) => {
    const unbalanced = await client.query(
      `SELECT e.id FROM "JournalEntry" e JOIN "JournalLine" l ON l."entryId" = e.id WHERE e."policyId" = $1
       GROUP BY e.id HAVING SUM(l.debit) <> SUM(l.credit)`,
      [policyId],
    );
    const accounts = await client.query<{ account: string; cents: string }>(
      `SELECT l.account, (SUM(l.debit - l.credit) * 100)::bigint::text AS cents FROM "JournalLine" l
       JOIN "JournalEntry" e ON e.id = l."entryId" WHERE e."policyId" = $1 GROUP BY l.account`,
      [policyId],
    );
    const balance = (account: string) => cents(accounts.rows.find((row) => row.account === account)?.cents);
    const instalments = await client.query<{ outstanding: string; paid: string; charged: string; bad: string }>(
      `WITH paid AS (
         SELECT i.id, i.status, i.amount, i."cancelledByInvoiceId",
                COALESCE((SELECT SUM(a.amount) FROM "Allocation" a WHERE a."instalmentId" = i.id), 0) AS paid
         FROM "Instalment" i WHERE i."policyId" = $1)
       SELECT (COALESCE(SUM(amount - paid) FILTER (WHERE status <> 'cancelled'), 0) * 100)::bigint::text AS outstanding,
              (COALESCE(SUM(paid) FILTER (WHERE status <> 'cancelled'), 0) * 100)::bigint::text AS paid,
              (COALESCE(SUM(amount) FILTER (WHERE status <> 'cancelled'
                OR (amount < 0 AND "cancelledByInvoiceId" IS NULL)), 0) * 100)::bigint::text AS charged,
              COUNT(*) FILTER (WHERE (status <> 'cancelled' AND amount >= 0 AND (paid > amount OR paid < 0))
                OR (status = 'cancelled' AND paid <> 0))::text AS bad
       FROM paid`,
      [policyId],
    );
    const allocated = await client.query<{ cents: string }>(
      `SELECT (COALESCE(SUM(amount), 0) * 100)::bigint::text AS cents FROM "Allocation" WHERE "policyId" = $1`,
      [policyId],
    );
    const payments = await client.query<{ cents: string }>(
      `SELECT (COALESCE(SUM(CASE kind WHEN 'payment' THEN amount ELSE -amount END), 0) * 100)::bigint::text AS cents
       FROM "Payment" WHERE "policyId" = $1`,
      [policyId],
    );
    return {
      unbalanced: unbalanced.rows.length,
      receivableCents: balance('policyholder-receivable'),
      outstandingCents: cents(instalments.rows[0]?.outstanding),
      chargedCents: cents(instalments.rows[0]?.charged),
      allocatedCents: cents(allocated.rows[0]?.cents),
      paidCents: cents(instalments.rows[0]?.paid),
      overpaidInstalments: cents(instalments.rows[0]?.bad),
      cashCents: balance('cash'),
      paymentsCents: cents(payments.rows[0]?.cents),
      creditCents: -balance('policyholder-credit'),
    };
  });
}

/** Every invariant at once, so a failure names all that broke. */
export function brokenMoneyInvariants(ledger: MoneyLedger): string[] {
  const broken: string[] = [];
  if (ledger.unbalanced !== 0) broken.push(`${ledger.unbalanced} unbalanced entries`);
  if (ledger.receivableCents !== ledger.outstandingCents)
    broken.push(`receivable ${ledger.receivableCents} ≠ outstanding instalments ${ledger.outstandingCents}`);
  if (ledger.allocatedCents !== ledger.paidCents)
    broken.push(`allocated ${ledger.allocatedCents} ≠ paid on instalments ${ledger.paidCents}`);
  if (ledger.overpaidInstalments !== 0) broken.push(`${ledger.overpaidInstalments} instalments overpaid or holding money while cancelled`);
  if (ledger.cashCents !== ledger.paymentsCents)
    broken.push(`cash ${ledger.cashCents} ≠ payments less reversals and refunds ${ledger.paymentsCents}`);
  if (ledger.creditCents < 0) broken.push(`credit ${ledger.creditCents} below zero`);
  return broken;
}
