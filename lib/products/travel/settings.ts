// Commercial settings of the travel product. A trip is paid in one go: no instalment plans.
import { COMMON_TERMINATION_REASONS } from '@/lib/products/termination-reasons';
import type { ProductSettings } from '@/lib/products/types';

export const TRAVEL_SETTINGS: ProductSettings = {
  currency: 'EUR',
  taxCountry: 'DE',
  lineOfBusiness: 'travel',
  placeOfRisk: 'residence',
  adminFee: 25,
  brokerCommissionRate: 0.15,
  mgaCommissionRate: 0.1,
  monthlySurcharge: 0.03,
  renewalWindowDays: 60,
  coolingOffDays: 14,
  // No cooling-off for a trip already under way, nor for cover shorter than a month.
  coolingOffExclusions: { onceStarted: true, termShorterThanMonths: 1 },
  shortRateTable: [
    { withinMonths: 1, keepPercent: 20 },
    { withinMonths: 3, keepPercent: 40 },
    { withinMonths: 6, keepPercent: 70 },
  ],
  cancellationFromInception: { fees: 'returned' },
  reinstatementDays: 30,
  quoteValidityDays: 30,
  authorityLimit: null,
  instalmentPlans: { annual: { count: 1 } },
  arrears: { graceDays: 30, cancelForNonPayment: false },
  terminationReasons: [...COMMON_TERMINATION_REASONS, 'trip-cancelled'],
};
