// The travel product: a single trip or a year of trips, for up to ten travellers.
import type { ProductDefinition } from '@/lib/products/types';
import { travelBindChecks, travelChecks } from '@/lib/products/travel/checks';
import { TRAVEL_ENRICHMENT } from '@/lib/products/travel/enrichment';
import { travelExample } from '@/lib/products/travel/example';
import { rateTravel } from '@/lib/products/travel/rating';
import { TRAVEL_REFERRAL_RULES } from '@/lib/products/travel/referral';
import { TRAVEL_RENEWAL } from '@/lib/products/travel/renewal';
import { TRAVEL_SCHEMA } from '@/lib/products/travel/schema';
import { TRAVEL_SETTINGS } from '@/lib/products/travel/settings';
import { coversReturnDay } from '@/lib/products/travel/trip';

export const travel: ProductDefinition = {
  code: 'travel',
  title: 'Travel',
  description: 'Medical expenses, cancellation and baggage for a single trip or a year of trips.',
  schema: TRAVEL_SCHEMA,
  settings: TRAVEL_SETTINGS,
  example: travelExample,
  enrichment: TRAVEL_ENRICHMENT,
  rate: rateTravel,
  referralRules: TRAVEL_REFERRAL_RULES,
  bindRequired: ['/customer/email', '/customer/dateOfBirth', '/customer/address', '/objects/*/firstName', '/objects/*/lastName'],
  checks: travelChecks,
  bindChecks: travelBindChecks,
  renewal: TRAVEL_RENEWAL,
  coversExpiryDay: coversReturnDay,
};
