import type { Tx } from '@/lib/db/client';
import type { Language } from '@/lib/http/language';
import { ACCOUNTS } from '@/lib/ledger/billing/journal';
import { INSTALMENT_ORDER, instalmentNumbers } from '@/lib/ledger/billing/instalment-numbers';
import { money, toAmount, ZERO, type Decimal } from '@/lib/money';
import { policyStanding } from '@/lib/ledger/payments/policy-balance';
import { COLUMN_LABELS, DOCUMENT_COUNTRIES, documentCountryOf, formatterFor } from './document-country';
import { calculationOf, findPolicy, isoDay, settingsOf } from './policy-record';

// GET /customers/policies/{policyId}/custom-view/installments (spec 4.15): invoices and
// instalments with premium, tax, fees, commissions and payable. Every amount of an invoice is
// read from the journal entry the invoice points at; nothing is stored twice.

export const INSTALLMENT_VIEW_CODES = ['default', 'customer', 'commission'] as const;
export type InstallmentViewCode = (typeof INSTALLMENT_VIEW_CODES)[number];

export interface InvoiceAmounts {
  premium: Decimal;
  tax: Decimal;
  adminFee: Decimal;
  brokerCommission: Decimal;
  mgaCommission: Decimal;
  insurerNet: Decimal;
  payable: Decimal;
}

const AMOUNT_KEYS = ['premium', 'tax', 'adminFee', 'brokerCommission', 'mgaCommission', 'insurerNet', 'payable'] as const;
const COMMISSION_KEYS: readonly string[] = ['brokerCommission', 'mgaCommission', 'insurerNet'];

export function amountsOf(lines: { account: string; debit: Decimal; credit: Decimal }[]): InvoiceAmounts {
  const credit = (account: string) =>
    lines.filter((line) => line.account === account).reduce((sum, line) => sum.plus(line.credit).minus(line.debit), ZERO);
  const insurerNet = credit(ACCOUNTS.insurer);
  const brokerCommission = credit(ACCOUNTS.broker);
  const mgaCommission = credit(ACCOUNTS.mga);
  return {
    premium: insurerNet.plus(brokerCommission).plus(mgaCommission),
    tax: credit(ACCOUNTS.tax),
    adminFee: credit(ACCOUNTS.fees),
    brokerCommission,
    mgaCommission,
    insurerNet,
    payable: credit(ACCOUNTS.receivable).negated(),
  };
}

export interface InstallmentsViewInput {
  tenantId: string;
  policyId: string;
  code?: InstallmentViewCode;
  documentCountry?: string;
  language: Language;
}

export async function installmentsView(tx: Tx, input: InstallmentsViewInput) {
  const row = await findPolicy(tx, input.tenantId, input.policyId);
  const code = input.code ?? 'default';
  const country = documentCountryOf(input.documentCountry, settingsOf(row).taxCountry);
  const invoices = await tx.invoice.findMany({
    where: { tenantId: input.tenantId, policyId: row.id },
    orderBy: [{ issuedAt: 'asc' }, { number: 'asc' }],
  });
  const entryIds = invoices.flatMap((invoice) => (invoice.journalEntryId ? [invoice.journalEntryId] : []));
  const [lines, instalments] = await Promise.all([
    tx.journalLine.findMany({ where: { tenantId: input.tenantId, entryId: { in: entryIds } } }),
    tx.instalment.findMany({
      where: { tenantId: input.tenantId, policyId: row.id },
      orderBy: INSTALMENT_ORDER,
    }),
  ]);
  const currency = invoices[0]?.currency ?? settingsOf(row).currency;
  const format = formatterFor(country, currency);
  const numberOf = new Map(invoices.map((invoice) => [invoice.id, invoice.number]));
  const sequenceOf = instalmentNumbers(instalments);
  const shown = (key: string) => code !== 'customer' || !COMMISSION_KEYS.includes(key);
  const present = (amounts: InvoiceAmounts) => {
    const values: Record<string, number> = {};
    const formatted: Record<string, string> = {};
    for (const key of AMOUNT_KEYS) {
      if (!shown(key)) continue;
      values[key] = toAmount(amounts[key]);
      formatted[key] = format.money(values[key]);
    }
    return { values, formatted };
  };

  const totals: InvoiceAmounts = {
    premium: ZERO,
    tax: ZERO,
    adminFee: ZERO,
    brokerCommission: ZERO,
    mgaCommission: ZERO,
    insurerNet: ZERO,
    payable: ZERO,
  };
  const invoiceRows = invoices.map((invoice) => {
    const amounts = amountsOf(
      lines
        .filter((line) => line.entryId === invoice.journalEntryId)
        .map((line) => ({ account: line.account, debit: money(line.debit.toString()), credit: money(line.credit.toString()) })),
    );
    for (const key of AMOUNT_KEYS) totals[key] = totals[key].plus(amounts[key]);
    const own = instalments.filter((instalment) => instalment.invoiceId === invoice.id);
    const dueDate = own.length > 0 ? isoDay(own[0]!.dueDate) : isoDay(invoice.issuedAt);
    const { values, formatted } = present(amounts);
    return {
      invoiceNumber: invoice.number,
      kind: invoice.kind,
      policyVersion: String(invoice.policyVersion),
      issuedOn: isoDay(invoice.issuedAt),
      dueDate,
      ...values,
      formatted: { ...formatted, dueDate: format.date(dueDate) },
    };
  });

  const standing = await policyStanding(tx, {
    tenantId: input.tenantId,
    policyId: row.id,
    productCode: row.productCode,
    currency,
    policyStatus: row.policyStatus,
  });
  // What the live instalments still ask for: the receivable.
  const openTotal = money(standing.balance.outstanding);
  const listed =
    code === 'commission' ? [] : code === 'customer' ? instalments.filter((instalment) => instalment.status !== 'cancelled') : instalments;
  const instalmentRows = listed.map((instalment) => {
    const dueDate = isoDay(instalment.dueDate);
    const payable = toAmount(instalment.amount.toString());
    const own = standing.instalments.get(instalment.id);
    const paid = own ? toAmount(own.paid) : 0;
    const outstanding = own ? toAmount(own.outstanding) : 0;
    return {
      invoiceNumber: numberOf.get(instalment.invoiceId) ?? null,
      sequence: sequenceOf.get(instalment.id) ?? instalment.sequence,
      dueDate,
      payable,
      status: instalment.status,
      state: own?.state ?? 'cancelled',
      paid,
      outstanding,
      formatted: {
        dueDate: format.date(dueDate),
        payable: format.money(payable),
        paid: format.money(paid),
        outstanding: format.money(outstanding),
      },
    };
  });
  const totalValues = present(totals);
  return {
    data: {
      policyId: row.id,
      policyNumber: row.policyNumber,
      code,
      documentCountry: country,
      currency,
      locale: DOCUMENT_COUNTRIES[country].locale,
      // The tax is named by its jurisdiction (UK IPT stays IPT in a German view), in the request's
      // language; a calculation from before the tax table has only the country's label.
      labels: {
        ...COLUMN_LABELS[input.language],
        tax: calculationOf(row).data.taxName?.[input.language] ?? DOCUMENT_COUNTRIES[country].taxLabel,
      },
      invoices: invoiceRows,
      instalments: instalmentRows,
      balance: standing.balance,
      totals: {
        ...totalValues.values,
        open: toAmount(openTotal),
        formatted: { ...totalValues.formatted, open: format.money(toAmount(openTotal)) },
      },
    },
  };
}
