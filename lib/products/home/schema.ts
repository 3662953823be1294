// JSON Schema of the home contents create payload.
import { formatNumber } from '@/lib/products/common/format';
import type { JsonSchema } from '@/lib/products/common/json-schema';
import { customerSchema, payloadSchema, policySchema, textProperty } from '@/lib/products/common/schema-parts';
import { HOME_SETTINGS } from '@/lib/products/home/settings';
import { BUILDING_TYPES, CLAIMS_MAX, HOME_EXCESSES, SUM_INSURED_MAX, SUM_INSURED_MIN } from '@/lib/products/home/tables';

export const HOME_DEFAULTS = {
  burglarAlarm: false,
  approvedLocks: false,
  claimsLast5Years: 0,
  accidentalDamage: false,
  excess: 100,
} as const;

const contents: JsonSchema = {
  type: 'object',
  title: 'Insured contents',
  description: 'The contents of one home at one address.',
  additionalProperties: false,
  required: ['sumInsured', 'buildingType', 'postcode'],
  properties: {
    addressLine1: textProperty('Address line 1 of the insured home', '12 Acacia Avenue', {
      maxLength: 200,
      description: 'Needed before bind.',
    }),
    city: textProperty('City of the insured home', 'Leeds', { description: 'Needed before bind.' }),
    postcode: {
      type: 'string',
      title: 'Postcode of the insured home',
      description: 'UK postcode; its area sets the risk zone.',
      pattern: '^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$',
      maxLength: 8,
      examples: ['LS1 4AP'],
      'x-rating': true,
    },
    sumInsured: {
      type: 'integer',
      title: 'Sum insured (GBP)',
      description: `Replacement value of the contents, ${formatNumber(SUM_INSURED_MIN)} to ${formatNumber(SUM_INSURED_MAX)}; above ${formatNumber(HOME_SETTINGS.authorityLimit ?? SUM_INSURED_MAX)} the quote is referred.`,
      minimum: SUM_INSURED_MIN,
      maximum: SUM_INSURED_MAX,
      examples: [40_000],
      'x-rating': true,
    },
    buildingType: {
      type: 'string',
      title: 'Building type',
      enum: BUILDING_TYPES,
      examples: ['semi-detached'],
      'x-rating': true,
    },
    burglarAlarm: {
      type: 'boolean',
      title: 'Burglar alarm fitted',
      description: 'A working, maintained alarm gives 5 % off.',
      default: HOME_DEFAULTS.burglarAlarm,
      'x-rating': true,
    },
    approvedLocks: {
      type: 'boolean',
      title: 'Approved locks on all doors and windows',
      description: 'Gives 5 % off.',
      default: HOME_DEFAULTS.approvedLocks,
      'x-rating': true,
    },
    claimsLast5Years: {
      type: 'integer',
      title: 'Claims in the last 5 years',
      description: 'One claim loads the premium by 25 %; two or more are referred to an underwriter.',
      minimum: 0,
      maximum: CLAIMS_MAX,
      default: HOME_DEFAULTS.claimsLast5Years,
      'x-rating': true,
    },
    accidentalDamage: {
      type: 'boolean',
      title: 'Accidental damage cover',
      description: 'Adds 20 % to the premium.',
      default: HOME_DEFAULTS.accidentalDamage,
      'x-rating': true,
    },
    excess: {
      type: 'integer',
      title: 'Excess (GBP)',
      description: 'The part of each claim the policyholder pays; a higher excess lowers the premium.',
      enum: HOME_EXCESSES,
      default: HOME_DEFAULTS.excess,
      'x-rating': true,
    },
  },
};

export const HOME_SCHEMA: JsonSchema = payloadSchema({
  code: 'home',
  title: 'Home contents insurance',
  description: 'Contents of one home in the United Kingdom against theft, fire, flood and more.',
  policy: policySchema({ settings: HOME_SETTINGS }),
  customer: customerSchema('GB'),
  objects: {
    type: 'array',
    title: 'Insured home',
    minItems: 1,
    maxItems: 1,
    items: contents,
  },
});
