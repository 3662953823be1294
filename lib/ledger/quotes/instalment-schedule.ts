import type { Tx } from '@/lib/db/client';
import { InvalidState } from '@/lib/errors';
import { money } from '@/lib/money';
import { getProduct } from '@/lib/products/registry';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import type { CalculationResult, PaymentPlan } from '@/lib/rating/types';
import { allowedQuoteActions } from '@/lib/ledger/state-machine';
import { findQuote, quoteData, quoteState } from './quote-record';

export interface ScheduleEntry {
  sequence: number;
  dueDate: string;
  amount: number;
  currency: string;
  includesAdminFee: boolean;
  /** `planned` before issue; after issue the instalment's own status (open, cancelled, paid). */
  status: string;
}

export interface InstalmentSchedule {
  instalments: ScheduleEntry[];
  paymentPlan: PaymentPlan;
  total: number;
  currency: string;
  /** `quote` while the schedule is the rating's proposal, `policy` once invoices exist. */
  source: 'quote' | 'policy';
}

/**
 * Spec 4.9, usable before and after issue. Before issue the schedule comes from the rating;
 * `plan` prices another payment plan (with its surcharge) without changing the quote. After
 * issue it is the stored instalments of the policy's invoices.
 */
export async function instalmentSchedule(tx: Tx, tenantId: string, id: string, plan?: PaymentPlan): Promise<InstalmentSchedule> {
  const row = await findQuote(tx, tenantId, id);
  if (row.policyNumber) {
    const stored = await tx.instalment.findMany({ where: { tenantId, policyId: id }, orderBy: [{ dueDate: 'asc' }, { sequence: 'asc' }] });
    const calculation = row.calculation as CalculationResult | null;
    const currency = stored[0]?.currency ?? calculation?.data.currency ?? 'EUR';
    const instalments = stored.map((instalment, index) => ({
      sequence: index + 1,
      dueDate: instalment.dueDate.toISOString().slice(0, 10),
      amount: money(instalment.amount.toString()).toNumber(),
      currency: instalment.currency,
      includesAdminFee: index === 0,
      status: instalment.status,
    }));
    const open = stored.filter((instalment) => instalment.status !== 'cancelled');
    const total = open.reduce((sum, instalment) => sum.plus(instalment.amount.toString()), money(0)).toNumber();
    return { instalments, paymentPlan: calculation?.data.paymentPlan ?? 'annual', total, currency, source: 'policy' };
  }
  const stored = row.calculation as CalculationResult | null;
  if (!stored) {
    const state = quoteState(row);
    throw new InvalidState('The quote has not been calculated yet, so it has no instalment schedule', state, allowedQuoteActions(state));
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
  return {
    instalments: calculation.installments.map((instalment) => ({ ...instalment, status: 'planned' })),
    paymentPlan: calculation.data.paymentPlan,
    total: calculation.data.payable,
    currency: calculation.data.currency,
    source: 'quote',
  };
}
