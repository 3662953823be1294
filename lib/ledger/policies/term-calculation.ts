import type { Tx } from '@/lib/db/client';
import type { QuoteRecord } from '@/lib/ledger/quotes/quote-record';
import { toAmount } from '@/lib/money';
import type { CalculationResult } from '@/lib/rating/types';
import { INSTALMENT_ORDER, instalmentNumbers } from '@/lib/ledger/billing/instalment-numbers';
import { chargedParts } from './charged';
import { isoDay } from './policy-record';

// The calculation of an issued policy as it is charged: after an MTA or a termination the rating
// of the latest version for a whole year is not what the customer pays. The amounts come from the
// journal and the instalments from the schedule; the whole-year rating stays under its own name.

export async function termCalculation(tx: Tx, row: QuoteRecord): Promise<CalculationResult & { data: { annualisedPremium: number } }> {
  const rated = row.calculation as unknown as CalculationResult;
  const [charged, all] = await Promise.all([
    chargedParts(tx, row.tenantId, row.id),
    tx.instalment.findMany({ where: { tenantId: row.tenantId, policyId: row.id }, orderBy: INSTALMENT_ORDER }),
  ]);
  // Open instalments under the numbers the schedule and the invoice view give them.
  const numberOf = instalmentNumbers(all);
  const instalments = all.filter((instalment) => instalment.status === 'open');
  return {
    ...rated,
    data: {
      ...rated.data,
      periodPremium: toAmount(charged.payable),
      annualisedPremium: rated.data.periodPremium,
      net: toAmount(charged.net),
      tax: toAmount(charged.tax),
      brokerCommission: toAmount(charged.brokerCommission),
      mgaCommission: toAmount(charged.mgaCommission),
      insurerNet: toAmount(charged.insurerNet),
      payable: toAmount(charged.payable),
    },
    installments: instalments.map((instalment, i) => ({
      sequence: numberOf.get(instalment.id) ?? i + 1,
      dueDate: isoDay(instalment.dueDate),
      amount: Number(instalment.amount.toString()),
      currency: instalment.currency,
      // The administrative fee is due with the first instalment, at inception.
      includesAdminFee: i === 0 && rated.data.adminFee > 0 && isoDay(instalment.dueDate) === isoDay(row.dateInception),
    })),
  };
}
