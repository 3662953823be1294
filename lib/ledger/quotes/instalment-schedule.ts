import type { Tx } from '@/lib/db/client';
import { InvalidState } from '@/lib/errors';
import { INSTALMENT_ORDER } from '@/lib/ledger/billing/instalment-numbers';
import { getProduct } from '@/lib/products/registry';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import type { CalculationResult, PaymentPlan } from '@/lib/rating/types';
import { allowedQuoteActions, quoteActionKeys } from '@/lib/ledger/state-machine';
import { findQuote, quoteData, quoteState } from './quote-record';
import { scheduleFromCalculation, scheduleFromInstalments, type InstalmentSchedule } from './schedule-entries';

export type { InstalmentSchedule, ScheduleEntry } from './schedule-entries';

/**
 * Spec 4.9, usable before and after issue. Before issue the schedule comes from the rating;
 * `plan` prices another payment plan (with its surcharge) without changing the quote. After
 * issue it is the stored instalments of the policy's invoices.
 */
export async function instalmentSchedule(tx: Tx, tenantId: string, id: string, plan?: PaymentPlan): Promise<InstalmentSchedule> {
  const row = await findQuote(tx, tenantId, id);
  if (row.policyNumber) {
    const stored = await tx.instalment.findMany({ where: { tenantId, policyId: id }, orderBy: INSTALMENT_ORDER });
    return scheduleFromInstalments(stored, row.calculation as CalculationResult | null);
  }
  const stored = row.calculation as CalculationResult | null;
  if (!stored) {
    const state = quoteState(row);
    throw new InvalidState(
      'The quote has not been calculated yet, so it has no instalment schedule',
      state,
      quoteActionKeys(allowedQuoteActions(state)),
    );
  }
  const calculation =
    plan && plan !== stored.data.paymentPlan
      ? calculatePremium({
          product: getProduct(row.productCode),
          data: { product: row.productCode, ...quoteData(row) },
          enrichment: row.enrichment as Record<string, unknown>,
          plan,
        })
      : stored;
  return scheduleFromCalculation(calculation);
}
