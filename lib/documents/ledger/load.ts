// Reads what a document shows from the ledger's records, inside the caller's transaction, so a
// document always describes committed state: the policy row, the version, the invoice or credit
// note with its journal amounts and instalments, and the tenant's name and colour.

import type { Tx } from '@/lib/db/client';
import { ACCOUNTS } from '@/lib/ledger/billing/journal';
import { chargedThroughVersion } from '@/lib/ledger/policies/charged';
import { money, ZERO, type Decimal } from '@/lib/money';
import type { CalculationResult } from '@/lib/rating/types';
import type { ProductData } from './describe';

export interface VersionRecord {
  version: number;
  kind: string;
  effectiveFrom: string;
  data: ProductData;
  calculation: CalculationResult;
  createdAt: Date;
}

/** What one invoice or credit note booked, from its journal entry. */
export interface BookedAmounts {
  /** Positive: the customer owes it (invoice); negative: it is credited (credit note). */
  sign: 1 | -1;
  payable: Decimal;
  net: Decimal;
  tax: Decimal;
  fees: Decimal;
}

export interface ChargedAmounts {
  net: Decimal;
  tax: Decimal;
  fees: Decimal;
  brokerCommission: Decimal;
  mgaCommission: Decimal;
  payable: Decimal;
}

export interface InvoiceRecord {
  id: string;
  number: string;
  kind: string;
  issuedAt: Date;
  currency: string;
  booked?: BookedAmounts;
  instalments: { sequence: number; dueDate: string; amount: number; status: string }[];
}

export interface TerminationRecord {
  effectiveDate?: string;
  reason?: string;
  type?: string;
  at: Date;
}

export interface LedgerSnapshot {
  tenant: { name: string; brandColor: string };
  policy: {
    id: string;
    productCode: string;
    status: string;
    policyStatus: string | null;
    quoteNumber: string;
    policyNumber: string | null;
    dateInception: string;
    dateExpiry: string;
    issuedAt: Date | null;
    calculatedAt: Date | null;
    terminatedAt: string | null;
    createdAt: Date;
    data: ProductData;
    calculation: CalculationResult | null;
  };
  /** The version the documents describe; absent for a quote (version 0). */
  version?: VersionRecord;
  /**
   * What the journal charged for the term through that version (issue, MTAs, returns): the
   * premium a policy document prints, the same figure as `meta.periodPremium`. Absent for a quote.
   */
  charged?: ChargedAmounts;
  previousVersion?: VersionRecord;
  invoice?: InvoiceRecord;
  termination?: TerminationRecord;
}

const isoDate = (value: Date) => value.toISOString().slice(0, 10);

async function readVersion(tx: Tx, tenantId: string, policyId: string, version: number): Promise<VersionRecord | undefined> {
  if (version < 1) return undefined;
  const row = await tx.policyVersion.findFirst({ where: { tenantId, policyId, version } });
  if (!row) return undefined;
  return {
    version: row.version,
    kind: row.kind,
    effectiveFrom: isoDate(row.effectiveFrom),
    data: row.data as unknown as ProductData,
    calculation: row.calculation as unknown as CalculationResult,
    createdAt: row.createdAt,
  };
}

/** Net = insurer + both commissions, whichever side they were booked on; the receivable's side gives the sign. */
async function bookedAmounts(tx: Tx, tenantId: string, journalEntryId: string | null): Promise<BookedAmounts | undefined> {
  if (!journalEntryId) return undefined;
  const lines = await tx.journalLine.findMany({ where: { tenantId, entryId: journalEntryId } });
  if (lines.length === 0) return undefined;
  const amountOf = (accounts: string[]) =>
    lines
      .filter((line) => accounts.includes(line.account))
      .reduce((sum, line) => sum.plus(money(line.debit.toString())).plus(money(line.credit.toString())), ZERO);
  const receivable = lines.find((line) => line.account === ACCOUNTS.receivable);
  const sign: 1 | -1 = receivable && money(receivable.credit.toString()).greaterThan(0) ? -1 : 1;
  return {
    sign,
    payable: amountOf([ACCOUNTS.receivable]),
    net: amountOf([ACCOUNTS.insurer, ACCOUNTS.broker, ACCOUNTS.mga]),
    tax: amountOf([ACCOUNTS.tax]),
    fees: amountOf([ACCOUNTS.fees]),
  };
}

async function readInvoice(tx: Tx, tenantId: string, invoiceId: string): Promise<InvoiceRecord | undefined> {
  const row = await tx.invoice.findFirst({ where: { id: invoiceId, tenantId } });
  if (!row) return undefined;
  const instalments = await tx.instalment.findMany({ where: { tenantId, invoiceId }, orderBy: { sequence: 'asc' } });
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    issuedAt: row.issuedAt,
    currency: row.currency,
    booked: await bookedAmounts(tx, tenantId, row.journalEntryId),
    instalments: instalments.map((line) => ({
      sequence: line.sequence,
      dueDate: isoDate(line.dueDate),
      amount: Number(line.amount.toString()),
      status: line.status,
    })),
  };
}

/** The termination event's own account of it (effective date, reason, method), as the ledger recorded it. */
async function readTermination(tx: Tx, tenantId: string, policyId: string): Promise<TerminationRecord | undefined> {
  const event = await tx.event.findFirst({
    where: { tenantId, policyId, type: { in: ['policy.terminated', 'policy.terminate'] } },
    orderBy: { id: 'desc' },
  });
  if (!event) return undefined;
  const fields = { ...((event.after as Record<string, unknown> | null) ?? {}), ...((event.data as Record<string, unknown> | null) ?? {}) };
  const pick = (...names: string[]) => names.map((name) => fields[name]).find((value): value is string => typeof value === 'string');
  return {
    effectiveDate: pick('effectiveDate', 'terminatedAt', 'terminationDate')?.slice(0, 10),
    reason: pick('reason'),
    // The method actually applied (short-rate inside the cooling-off period is charged pro rata).
    type: fields.coolingOff === true ? 'cooling-off' : pick('appliedType', 'terminationType', 'type'),
    at: event.createdAt,
  };
}

export async function loadSnapshot(
  tx: Tx,
  input: { tenantId: string; policyId: string; policyVersion: number; invoiceId?: string; termination?: boolean },
): Promise<LedgerSnapshot | null> {
  const row = await tx.policy.findFirst({ where: { id: input.policyId, tenantId: input.tenantId } });
  if (!row) return null;
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: input.tenantId }, select: { name: true, brandColor: true } });
  const version = await readVersion(tx, input.tenantId, input.policyId, input.policyVersion);
  return {
    tenant,
    policy: {
      id: row.id,
      productCode: row.productCode,
      status: row.status,
      policyStatus: row.policyStatus,
      quoteNumber: row.quoteNumber,
      policyNumber: row.policyNumber,
      dateInception: isoDate(row.dateInception),
      dateExpiry: isoDate(row.dateExpiry),
      issuedAt: row.issuedAt,
      calculatedAt: row.calculatedAt,
      terminatedAt: row.terminatedAt ? isoDate(row.terminatedAt) : null,
      createdAt: row.createdAt,
      data: row.data as unknown as ProductData,
      calculation: row.calculation as unknown as CalculationResult | null,
    },
    version,
    charged: version ? await chargedThroughVersion(tx, input.tenantId, input.policyId, version.version) : undefined,
    previousVersion: version ? await readVersion(tx, input.tenantId, input.policyId, version.version - 1) : undefined,
    invoice: input.invoiceId ? await readInvoice(tx, input.tenantId, input.invoiceId) : undefined,
    termination: input.termination ? await readTermination(tx, input.tenantId, input.policyId) : undefined,
  };
}
