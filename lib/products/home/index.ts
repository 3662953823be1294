// The home contents product: everything the registry needs, in one definition.
import { HOME_ENRICHMENT } from '@/lib/products/home/enrichment';
import { homeExample } from '@/lib/products/home/example';
import { rateHome } from '@/lib/products/home/rating';
import { HOME_REFERRAL_RULES } from '@/lib/products/home/referral';
import { HOME_SCHEMA } from '@/lib/products/home/schema';
import { HOME_SETTINGS } from '@/lib/products/home/settings';
import type { ProductDefinition } from '@/lib/products/types';

export const home: ProductDefinition = {
  code: 'home',
  title: 'Home contents',
  description: 'Contents of one UK home: theft, fire, escape of water, optional accidental damage.',
  schema: HOME_SCHEMA,
  settings: HOME_SETTINGS,
  example: homeExample,
  enrichment: HOME_ENRICHMENT,
  rate: rateHome,
  referralRules: HOME_REFERRAL_RULES,
  bindRequired: ['/customer/email', '/customer/dateOfBirth', '/customer/address', '/objects/*/addressLine1', '/objects/*/city'],
};
