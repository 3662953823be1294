import type { Tx } from '@/lib/db/client';
import { BadRequest } from '@/lib/errors';
import { amountsOf, type InvoiceAmounts } from '@/lib/ledger/policies/installments-view';
import { isoDay } from '@/lib/ledger/policies/policy-record';
import { money, toAmount, ZERO } from '@/lib/money';

// The premium bordereau an MGA sends its insurer each month: one line per premium transaction
// (new business, renewal, MTA, cancellation) whose journal entry was posted in the month, read
// from the entry itself, so the totals are the journal's for the month to the cent. Months are
// calendar months in UTC.

export const BORDEREAU_KINDS = ['premium'] as const;
export type BordereauKind = (typeof BORDEREAU_KINDS)[number];

/** At most this many lines in one answer; a month beyond it is refused rather than cut short. */
export const BORDEREAU_LINES_MAX = 50_000;

export const TRANSACTIONS = ['new-business', 'renewal', 'mta', 'cancellation'] as const;
export type Transaction = (typeof TRANSACTIONS)[number];

export interface BordereauLine {
  transaction: Transaction;
  policyNumber: string;
  insured: string;
  product: string;
  documentNumber: string;
  postedOn: string;
  effectiveFrom: string;
  inception: string;
  expiry: string;
  currency: string;
  gross: number;
  netPremium: number;
  tax: number;
  fees: number;
  brokerCommission: number;
  mgaCommission: number;
  insurerNet: number;
}

export type BordereauTotals = Pick<
  BordereauLine,
  'currency' | 'gross' | 'netPremium' | 'tax' | 'fees' | 'brokerCommission' | 'mgaCommission' | 'insurerNet'
> & { lines: number };

export interface Bordereau {
  month: string;
  kind: BordereauKind;
  lines: BordereauLine[];
  /** One row per currency: amounts in different currencies are never added together. */
  totals: BordereauTotals[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first instant of the month and of the next one; 400 on anything but YYYY-MM. */
export function monthRange(month: string): { from: Date; to: Date } {
  const match = MONTH.exec(month);
  if (!match) throw new BadRequest('The month must be YYYY-MM', [{ path: 'month', message: 'must be YYYY-MM, e.g. 2026-11' }]);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** Journal entries of money in and out (lib/ledger/payments), never premium transactions. */
const MONEY_ENTRY_KINDS = ['payment', 'payment-reversal', 'refund', 'credit'] as const;

const TRANSACTION_OF_ENTRY: Readonly<Record<string, Transaction>> = { mta: 'mta', termination: 'cancellation' };

export async function premiumBordereau(tx: Tx, input: { tenantId: string; month: string }): Promise<Bordereau> {
  const { from, to } = monthRange(input.month);
  // Money movements (payments, refunds, credit) have no invoice; a premium transaction always has one.
  const posted = await tx.journalEntry.findMany({
    where: { tenantId: input.tenantId, postedAt: { gte: from, lt: to }, kind: { notIn: [...MONEY_ENTRY_KINDS] } },
    orderBy: [{ postedAt: 'asc' }, { id: 'asc' }],
    take: BORDEREAU_LINES_MAX + 1,
  });
  if (posted.length > BORDEREAU_LINES_MAX) throw new BadRequest(`More than ${BORDEREAU_LINES_MAX} premium transactions in ${input.month}`);
  const invoices = await tx.invoice.findMany({
    where: { tenantId: input.tenantId, journalEntryId: { in: posted.map((entry) => entry.id) } },
    select: { id: true, journalEntryId: true, number: true, policyId: true, policyVersion: true },
  });
  const invoiced = new Set(invoices.map((invoice) => invoice.journalEntryId));
  const entries = posted.filter((entry) => invoiced.has(entry.id));
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.journalEntryId, invoice]));
  const policyIds = [...new Set(entries.flatMap((entry) => (entry.policyId ? [entry.policyId] : [])))];
  const [lines, policies, versions] = await Promise.all([
    tx.journalLine.findMany({ where: { tenantId: input.tenantId, entryId: { in: entries.map((entry) => entry.id) } } }),
    tx.policy.findMany({
      where: { tenantId: input.tenantId, id: { in: policyIds } },
      select: { id: true, policyNumber: true, customerName: true, productCode: true, dateInception: true, dateExpiry: true, renewalOfId: true },
    }),
    tx.policyVersion.findMany({
      where: { tenantId: input.tenantId, policyId: { in: policyIds } },
      select: { policyId: true, version: true, effectiveFrom: true },
    }),
  ]);
  const policyOf = new Map(policies.map((policy) => [policy.id, policy]));
  const effectiveOf = new Map(versions.map((version) => [`${version.policyId}:${version.version}`, isoDay(version.effectiveFrom)]));

  const out: BordereauLine[] = entries.map((entry) => {
    const invoice = invoiceOf.get(entry.id)!;
    const policy = policyOf.get(invoice.policyId);
    const amounts: InvoiceAmounts = amountsOf(
      lines
        .filter((line) => line.entryId === entry.id)
        .map((line) => ({ account: line.account, debit: money(line.debit.toString()), credit: money(line.credit.toString()) })),
    );
    const transaction = TRANSACTION_OF_ENTRY[entry.kind] ?? (policy?.renewalOfId ? 'renewal' : 'new-business');
    const inception = policy ? isoDay(policy.dateInception) : '';
    return {
      transaction,
      policyNumber: policy?.policyNumber ?? '',
      insured: policy?.customerName ?? '',
      product: policy?.productCode ?? '',
      documentNumber: invoice.number,
      postedOn: isoDay(entry.postedAt),
      effectiveFrom: effectiveOf.get(`${invoice.policyId}:${invoice.policyVersion}`) ?? inception,
      inception,
      expiry: policy ? isoDay(policy.dateExpiry) : '',
      currency: entry.currency,
      gross: toAmount(amounts.payable),
      netPremium: toAmount(amounts.premium),
      tax: toAmount(amounts.tax),
      fees: toAmount(amounts.adminFee),
      brokerCommission: toAmount(amounts.brokerCommission),
      mgaCommission: toAmount(amounts.mgaCommission),
      insurerNet: toAmount(amounts.insurerNet),
    };
  });
  return { month: input.month, kind: 'premium', lines: out, totals: totalsOf(out) };
}

const SUMMED = ['gross', 'netPremium', 'tax', 'fees', 'brokerCommission', 'mgaCommission', 'insurerNet'] as const;

export function totalsOf(lines: readonly BordereauLine[]): BordereauTotals[] {
  const byCurrency = new Map<string, { lines: number; sums: Record<(typeof SUMMED)[number], ReturnType<typeof money>> }>();
  for (const line of lines) {
    const current = byCurrency.get(line.currency) ?? { lines: 0, sums: Object.fromEntries(SUMMED.map((key) => [key, ZERO])) as Record<(typeof SUMMED)[number], ReturnType<typeof money>> };
    current.lines += 1;
    for (const key of SUMMED) current.sums[key] = current.sums[key].plus(money(line[key]));
    byCurrency.set(line.currency, current);
  }
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { lines: count, sums }]) => ({
      currency,
      lines: count,
      gross: toAmount(sums.gross),
      netPremium: toAmount(sums.netPremium),
      tax: toAmount(sums.tax),
      fees: toAmount(sums.fees),
      brokerCommission: toAmount(sums.brokerCommission),
      mgaCommission: toAmount(sums.mgaCommission),
      insurerNet: toAmount(sums.insurerNet),
    }));
}

export const BORDEREAU_COLUMNS = [
  'transaction',
  'policyNumber',
  'insured',
  'product',
  'documentNumber',
  'postedOn',
  'effectiveFrom',
  'inception',
  'expiry',
  'currency',
  'gross',
  'netPremium',
  'tax',
  'fees',
  'brokerCommission',
  'mgaCommission',
  'insurerNet',
] as const;
