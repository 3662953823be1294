import type { ProductDefinition } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import type { CalculationResult } from '@/lib/rating/types';
import type { QuoteState } from '@/lib/ledger/state-machine';
import type { QuoteData, QuoteRecord } from './quote-record';

export interface ReferralRecord {
  source: 'manual' | 'rule';
  comment: string;
  rules: { rule: string; message: string }[];
  referredBy: string;
  referredAt: string;
  /** Set when an underwriter decided; an approval holds for the revision it was given on. */
  decision?: { decision: 'approve' | 'reject'; comment: string; decidedBy: string; decidedAt: string; revision: number };
}

export interface RatingOutcome {
  calculation: CalculationResult;
  /** The calculation as JSON text, made once for the row that stores it. */
  calculationText: string;
  /** calculated, or in-manual-referral when an auto-referral rule fired. */
  state: Extract<QuoteState, 'calculated' | 'in-manual-referral'>;
  referral: ReferralRecord | null;
}

/**
 * Rates the quote's current data. Auto-referral rules refer the quote unless an underwriter
 * approved this very revision (otherwise an approved quote would be referred again by the
 * recalculation that bind performs).
 */
export function rateQuote(
  product: ProductDefinition,
  row: Pick<QuoteRecord, 'productCode' | 'referral' | 'revision'>,
  data: QuoteData,
  enrichment: Record<string, unknown>,
  actor: string,
): RatingOutcome {
  const calculation = calculatePremium({
    product,
    data: { product: row.productCode, ...data },
    enrichment,
    plan: (data.policy.paymentPlan as 'annual' | 'quarterly' | 'monthly' | undefined) ?? 'annual',
  });
  const calculationText = JSON.stringify(calculation);
  const previous = row.referral as ReferralRecord | null;
  const approvedNow = previous?.decision?.decision === 'approve' && previous.decision.revision === row.revision;
  if (calculation.referrals.length === 0 || approvedNow)
    return { calculation, calculationText, state: 'calculated', referral: approvedNow ? previous : null };
  return {
    calculation,
    calculationText,
    state: 'in-manual-referral',
    referral: {
      source: 'rule',
      comment: calculation.referrals.map((referral) => referral.message).join('; '),
      rules: calculation.referrals.map((referral) => ({ rule: referral.rule, message: referral.message })),
      referredBy: actor,
      referredAt: new Date().toISOString(),
    },
  };
}
