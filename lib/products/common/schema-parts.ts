// Schema fragments every product shares: the payload envelope, the policy dates and payment
// plan, the policyholder and the agent. A product adds its cover options and insured objects.
import { money } from '@/lib/money';
import { DRAFT_2020_12, type JsonSchema } from '@/lib/products/common/json-schema';
import { PAYMENT_PLANS, type PaymentPlan } from '@/lib/rating/types';
import type { ProductSettings } from '@/lib/products/types';

export const NAME_LENGTH_MAX = 100;
export const TEXT_LENGTH_MAX = 200;

export function textProperty(title: string, example: string, extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', title, minLength: 1, maxLength: NAME_LENGTH_MAX, examples: [example], ...extra };
}

export function dateProperty(title: string, description: string, example: string, extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', format: 'date', title, description, examples: [example], ...extra };
}

function planLabel(plan: PaymentPlan, settings: ProductSettings): string {
  const count = settings.instalmentPlans[plan]?.count ?? 1;
  if (plan === 'annual') return 'annual (one payment)';
  const surcharge =
    plan === 'monthly' && settings.monthlySurcharge > 0 ? `, ${money(settings.monthlySurcharge).times(100).toString()} % surcharge` : '';
  return `${plan} (${count} instalments${surcharge})`;
}

/** The plans a product offers, in the canonical order. */
export function offeredPlans(settings: ProductSettings): PaymentPlan[] {
  return PAYMENT_PLANS.filter((plan) => settings.instalmentPlans[plan] !== undefined);
}

interface PolicyOptions {
  settings: ProductSettings;
  /** The product's cover options on the policy (travel destination, …). */
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export function policySchema({ settings, properties = {}, required = [] }: PolicyOptions): JsonSchema {
  const plans = offeredPlans(settings);
  return {
    type: 'object',
    title: 'Policy',
    additionalProperties: false,
    required: ['dateInception', 'dateExpiry', ...required],
    properties: {
      dateInception: dateProperty('Inception date', 'First day of cover.', '2026-07-01', { 'x-rating': true }),
      dateExpiry: dateProperty(
        'Expiry date',
        'The day cover ends; that day itself is not covered (days of cover = expiry − inception). At most 18 months after inception.',
        '2027-07-01',
        { 'x-rating': true },
      ),
      paymentPlan: {
        type: 'string',
        title: 'Payment plan',
        description: `How the premium is paid: ${plans.map((p) => planLabel(p, settings)).join(', ')}.`,
        enum: plans,
        default: 'annual',
        examples: ['annual'],
        'x-rating': true,
      },
      ...properties,
    },
  };
}

/** Placeholders in the product's own country: a travel form sold in Germany shows a Berlin address, not Downing Street. */
const CUSTOMER_EXAMPLES = {
  GB: {
    firstName: 'Alice',
    lastName: 'Walker',
    email: 'alice.walker@example.com',
    phone: '+44 20 7946 0958',
    line1: '10 Downing Street',
    line2: 'Flat 2',
    city: 'London',
    postcode: 'SW1A 2AA',
  },
  DE: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika.mustermann@example.com',
    phone: '+49 30 901820',
    line1: 'Hauptstraße 5',
    line2: 'Hinterhaus',
    city: 'Berlin',
    postcode: '10115',
  },
} as const;

export function customerSchema(country: keyof typeof CUSTOMER_EXAMPLES): JsonSchema {
  const example = CUSTOMER_EXAMPLES[country];
  return {
    type: 'object',
    title: 'Policyholder',
    additionalProperties: false,
    required: ['firstName', 'lastName'],
    properties: {
      firstName: textProperty('First name', example.firstName),
      lastName: textProperty('Last name', example.lastName),
      email: {
        type: 'string',
        format: 'email',
        maxLength: 254,
        title: 'E-mail',
        description: 'Needed before bind; documents are sent here.',
        examples: [example.email],
        'x-editable-after-bind': true,
      },
      phone: {
        type: 'string',
        pattern: '^\\+?[0-9][0-9 ()-]{5,19}$',
        title: 'Phone',
        examples: [example.phone],
        'x-editable-after-bind': true,
      },
      dateOfBirth: dateProperty('Date of birth', 'Needed before bind: the policyholder must be 18 or older at inception.', '1985-04-12'),
      address: {
        type: 'object',
        title: 'Correspondence address',
        description: 'Needed before bind.',
        additionalProperties: false,
        required: ['line1', 'city', 'postcode', 'country'],
        properties: {
          line1: textProperty('Address line 1', example.line1, { maxLength: TEXT_LENGTH_MAX }),
          line2: textProperty('Address line 2', example.line2, { maxLength: TEXT_LENGTH_MAX, 'x-editable-after-bind': true }),
          city: textProperty('City', example.city),
          postcode: textProperty('Postcode', example.postcode, { maxLength: 16 }),
          country: {
            type: 'string',
            title: 'Country',
            description: 'ISO 3166-1 alpha-2 code.',
            pattern: '^[A-Z]{2}$',
            examples: [country],
          },
        },
      },
    },
  };
}

export const agentSchema: JsonSchema = {
  type: 'object',
  title: 'Agent (broker)',
  description: 'The intermediary who placed the business; may be corrected at any time.',
  additionalProperties: false,
  'x-editable-after-bind': true,
  properties: {
    code: { type: 'string', title: 'Agent code', pattern: '^[A-Za-z0-9-]{1,32}$', examples: ['AG-1042'] },
    name: textProperty('Agent name', 'Northwind Brokers Ltd', { maxLength: TEXT_LENGTH_MAX }),
  },
};

interface PayloadOptions {
  code: string;
  title: string;
  description: string;
  policy: JsonSchema;
  customer: JsonSchema;
  objects: JsonSchema;
}

/** The create payload. Server-added data (`policy.id`, enrichment results) is not part of it. */
export function payloadSchema({ code, title, description, policy, customer, objects }: PayloadOptions): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    $id: `policy/regular/${code}`,
    title,
    description,
    type: 'object',
    additionalProperties: false,
    required: ['product', 'policy', 'customer', 'objects'],
    properties: {
      product: { type: 'string', title: 'Product', const: code, examples: [code] },
      policy,
      customer,
      agent: agentSchema,
      objects,
    },
  };
}
