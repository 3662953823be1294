// Commercial settings of the pet product (DOMAIN.md §9 and §5).
import { COMMON_TERMINATION_REASONS } from '@/lib/products/termination-reasons';
import type { ProductSettings } from '@/lib/products/types';

export const PET_SETTINGS: ProductSettings = {
  currency: 'GBP',
  taxCountry: 'GB',
  lineOfBusiness: 'pet',
  placeOfRisk: 'residence',
  adminFee: 25,
  brokerCommissionRate: 0.15,
  mgaCommissionRate: 0.1,
  monthlySurcharge: 0.03,
  renewalWindowDays: 60,
  coolingOffDays: 14,
  shortRateTable: [
    { withinMonths: 1, keepPercent: 20 },
    { withinMonths: 3, keepPercent: 40 },
    { withinMonths: 6, keepPercent: 70 },
  ],
  cancellationFromInception: { fees: 'returned' },
  reinstatementDays: 30,
  quoteValidityDays: 30,
  authorityLimit: null,
  instalmentPlans: { annual: { count: 1 }, quarterly: { count: 4 }, monthly: { count: 12 } },
  arrears: { graceDays: 30, cancelForNonPayment: false },
  terminationReasons: [...COMMON_TERMINATION_REASONS, 'pet-deceased', 'pet-rehomed'],
};
