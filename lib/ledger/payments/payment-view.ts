import type { Tx } from '@/lib/db/client';
import { NotFound } from '@/lib/errors';
import { instalmentNumbers } from '@/lib/ledger/billing/instalment-numbers';
import { isoDay } from '@/lib/ledger/policies/policy-record';
import { money, toAmount, ZERO } from '@/lib/money';

// The payment history as the API answers it (GET /policies/{id}/payments): money received,
// reversals and refunds, newest first, each with what it was set against.

export interface PaymentView {
  id: string;
  kind: 'payment' | 'reversal' | 'refund';
  amount: number;
  currency: string;
  receivedOn: string;
  method: string;
  reference: string | null;
  /** On a reversal: the payment it reverses. */
  reversesId: string | null;
  /** On a payment: the reversal that undid it. */
  reversedById: string | null;
  /** What the payment (or reversal, negative) moved onto each instalment; empty for refunds. */
  allocations: { instalmentId: string; sequence: number; dueDate: string; amount: number }[];
  createdAt: string;
  createdBy: string;
}

/** Bound on one history page. */
export const PAYMENTS_LISTED_MAX = 500;

type PaymentRow = Awaited<ReturnType<Tx['payment']['findMany']>>[number];

export async function listPayments(tx: Tx, tenantId: string, policyId: string): Promise<PaymentView[]> {
  const rows = await tx.payment.findMany({
    where: { tenantId, policyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: PAYMENTS_LISTED_MAX,
  });
  return viewsOf(tx, tenantId, policyId, rows);
}

export async function paymentView(tx: Tx, tenantId: string, policyId: string, id: string): Promise<PaymentView> {
  const row = await tx.payment.findFirst({ where: { tenantId, policyId, id } });
  if (!row) throw new NotFound('Payment', id);
  const [view] = await viewsOf(tx, tenantId, policyId, [row]);
  return view!;
}

async function viewsOf(tx: Tx, tenantId: string, policyId: string, rows: PaymentRow[]): Promise<PaymentView[]> {
  const ids = rows.map((row) => row.id);
  const [allocations, reversals, instalments] = await Promise.all([
    tx.allocation.findMany({ where: { tenantId, policyId, journalEntryId: { in: rows.map((row) => row.journalEntryId) } } }),
    tx.payment.findMany({ where: { tenantId, policyId, reversesId: { in: ids } }, select: { id: true, reversesId: true } }),
    tx.instalment.findMany({ where: { tenantId, policyId }, select: { id: true, sequence: true, dueDate: true, createdAt: true } }),
  ]);
  const instalmentOf = new Map(instalments.map((instalment) => [instalment.id, instalment]));
  const sequenceOf = instalmentNumbers(instalments);
  const reversedBy = new Map(reversals.map((reversal) => [reversal.reversesId, reversal.id]));
  return rows.map((row) => {
    // Allocations of the payment's own entry (a payment's leftover credit used later is not listed here).
    const own = new Map<string, ReturnType<typeof money>>();
    for (const allocation of allocations) {
      if (allocation.journalEntryId !== row.journalEntryId || allocation.paymentId === null) continue;
      own.set(allocation.instalmentId, (own.get(allocation.instalmentId) ?? ZERO).plus(allocation.amount.toString()));
    }
    return {
      id: row.id,
      kind: row.kind as PaymentView['kind'],
      amount: toAmount(row.amount.toString()),
      currency: row.currency,
      receivedOn: isoDay(row.receivedOn),
      method: row.method,
      reference: row.reference,
      reversesId: row.reversesId,
      reversedById: reversedBy.get(row.id) ?? null,
      allocations: [...own].flatMap(([instalmentId, amount]) => {
        const instalment = instalmentOf.get(instalmentId);
        if (!instalment || amount.isZero()) return [];
        return [
          {
            instalmentId,
            sequence: sequenceOf.get(instalmentId) ?? instalment.sequence,
            dueDate: isoDay(instalment.dueDate),
            amount: toAmount(amount),
          },
        ];
      }),
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    };
  });
}
