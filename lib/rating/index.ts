// The premium engine's public surface.
export { calculatePremium, type CalculatePremiumInput } from '@/lib/rating/calculate-premium';
export {
  buildInstalments,
  instalmentCountFor,
  instalmentDueDates,
  splitAmount,
  type BuildInstalmentsInput,
} from '@/lib/rating/instalments';
export { IPT_RATES, taxOn, taxRateOf, type TaxCountry } from '@/lib/rating/tax';
export { splitCommission, type CommissionSplit } from '@/lib/rating/commission';
export type { CalculationData, CalculationResult, Instalment, PaymentPlan, PremiumField, Referral } from '@/lib/rating/types';
