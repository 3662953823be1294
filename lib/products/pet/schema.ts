// JSON Schema of the pet create payload: up to five dogs or cats as insured objects.
import type { JsonSchema } from '@/lib/products/common/json-schema';
import { customerSchema, dateProperty, payloadSchema, policySchema, textProperty } from '@/lib/products/common/schema-parts';
import { PET_SETTINGS } from '@/lib/products/pet/settings';
import { PET_AGE_MAX, PET_EXCESSES, PETS_MAX, SPECIES, VET_FEE_LIMITS } from '@/lib/products/pet/tables';

export const PET_DEFAULTS = { vetFeeLimit: 2000, excess: 99 } as const;

const pet: JsonSchema = {
  type: 'object',
  title: 'Pet',
  description: 'Give the date of birth, or the age in years when it is not known.',
  additionalProperties: false,
  required: ['species', 'breed'],
  anyOf: [{ required: ['dateOfBirth'] }, { required: ['age'] }],
  properties: {
    name: textProperty('Pet’s name', 'Biscuit', { description: 'Needed before bind.', 'x-editable-after-bind': true }),
    species: { type: 'string', title: 'Species', enum: SPECIES, examples: ['dog'], 'x-rating': true },
    breed: textProperty('Breed', 'Labrador Retriever', {
      maxLength: 60,
      description: 'The breed sets the risk group; an unknown breed is rated in group 2.',
      'x-rating': true,
    }),
    dateOfBirth: dateProperty('Date of birth', 'The age at inception sets the age band.', '2021-06-01', { 'x-rating': true }),
    age: {
      type: 'integer',
      title: 'Age in years',
      description: 'Only when the date of birth is not known; the date of birth wins when both are given.',
      minimum: 0,
      maximum: PET_AGE_MAX,
      examples: [4],
      'x-rating': true,
    },
    vetFeeLimit: {
      type: 'integer',
      title: 'Vet fee limit (GBP)',
      description: 'The most paid for vet fees per year.',
      enum: VET_FEE_LIMITS,
      default: PET_DEFAULTS.vetFeeLimit,
      'x-rating': true,
    },
    excess: {
      type: 'integer',
      title: 'Excess (GBP)',
      enum: PET_EXCESSES,
      default: PET_DEFAULTS.excess,
      'x-rating': true,
    },
    microchipNumber: {
      type: 'string',
      title: 'Microchip number',
      pattern: '^[0-9]{15}$',
      examples: ['985112345678901'],
      'x-editable-after-bind': true,
    },
  },
};

export const PET_SCHEMA: JsonSchema = payloadSchema({
  code: 'pet',
  title: 'Pet insurance',
  description: 'Vet fees for dogs and cats, with a choice of yearly limit and excess.',
  policy: policySchema({ settings: PET_SETTINGS }),
  customer: customerSchema('GB'),
  objects: { type: 'array', title: 'Pets', minItems: 1, maxItems: PETS_MAX, items: pet },
});
