// The pet product: vet fees for up to five dogs or cats.
import type { ProductDefinition } from '@/lib/products/types';
import { petChecks } from '@/lib/products/pet/checks';
import { PET_ENRICHMENT } from '@/lib/products/pet/enrichment';
import { petExample } from '@/lib/products/pet/example';
import { ratePets } from '@/lib/products/pet/rating';
import { PET_REFERRAL_RULES } from '@/lib/products/pet/referral';
import { PET_RENEWAL } from '@/lib/products/pet/renewal';
import { PET_SCHEMA } from '@/lib/products/pet/schema';
import { PET_SETTINGS } from '@/lib/products/pet/settings';

export const pet: ProductDefinition = {
  code: 'pet',
  title: 'Pet',
  description: 'Vet fees for dogs and cats, with a choice of yearly limit and excess.',
  schema: PET_SCHEMA,
  settings: PET_SETTINGS,
  example: petExample,
  enrichment: PET_ENRICHMENT,
  rate: ratePets,
  referralRules: PET_REFERRAL_RULES,
  bindRequired: ['/customer/email', '/customer/dateOfBirth', '/customer/address', '/objects/*/name'],
  checks: petChecks,
  renewal: PET_RENEWAL,
};
