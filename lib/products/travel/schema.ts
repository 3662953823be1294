// JSON Schema of the travel create payload: the trip on the policy, travellers as objects.
import type { JsonSchema } from '@/lib/products/common/json-schema';
import { customerSchema, dateProperty, payloadSchema, policySchema, textProperty } from '@/lib/products/common/schema-parts';
import { TRAVEL_SETTINGS } from '@/lib/products/travel/settings';
import { DESTINATIONS, TRAVELLERS_MAX, TRIP_TYPES } from '@/lib/products/travel/tables';

export const TRAVEL_DEFAULTS = { tripType: 'single', winterSports: false } as const;

const COUNTRIES_MAX = 50;

const tripOptions: Record<string, JsonSchema> = {
  dateExpiry: dateProperty(
    'Expiry date',
    'A single trip: the return day, which is covered (a trip 1–14 May is 14 days of cover, and a day trip has the same inception and expiry). Annual multi-trip: one year after inception, a day no longer covered.',
    '2026-07-14',
    { 'x-rating': true },
  ),
  destination: {
    type: 'string',
    title: 'Destination',
    description: 'Where cover applies: Europe, worldwide excluding the USA, or worldwide.',
    enum: DESTINATIONS,
    examples: ['europe'],
    'x-rating': true,
  },
  tripType: {
    type: 'string',
    title: 'Trip type',
    description: 'A single trip is priced per day of cover; annual multi-trip cover (one year) is priced as 45 days.',
    enum: TRIP_TYPES,
    default: TRAVEL_DEFAULTS.tripType,
    'x-rating': true,
  },
  winterSports: {
    type: 'boolean',
    title: 'Winter sports',
    description: 'Skiing and snowboarding on piste; adds 35 %.',
    default: TRAVEL_DEFAULTS.winterSports,
    'x-rating': true,
  },
  countries: {
    type: 'array',
    title: 'Countries to visit',
    description: 'ISO 3166-1 alpha-2 codes; before bind they must lie within the destination.',
    uniqueItems: true,
    maxItems: COUNTRIES_MAX,
    items: { type: 'string', title: 'Country', pattern: '^[A-Z]{2}$', examples: ['FR'] },
  },
};

const traveller: JsonSchema = {
  type: 'object',
  title: 'Traveller',
  additionalProperties: false,
  required: ['dateOfBirth'],
  properties: {
    firstName: textProperty('First name', 'Max', { description: 'Needed before bind.', 'x-editable-after-bind': true }),
    lastName: textProperty('Last name', 'Mustermann', { description: 'Needed before bind.', 'x-editable-after-bind': true }),
    dateOfBirth: dateProperty('Date of birth', 'The age at inception sets the traveller’s age band.', '1990-05-17', {
      'x-rating': true,
    }),
  },
};

export const TRAVEL_SCHEMA: JsonSchema = payloadSchema({
  code: 'travel',
  title: 'Travel insurance',
  description: 'Medical expenses, cancellation and baggage for a single trip or a year of trips.',
  policy: policySchema({ settings: TRAVEL_SETTINGS, properties: tripOptions, required: ['destination'] }),
  customer: customerSchema('DE'),
  objects: { type: 'array', title: 'Travellers', minItems: 1, maxItems: TRAVELLERS_MAX, items: traveller },
});
