import { getProduct, productCodes, schemaPathOf } from '@/lib/products/registry';
import { calculatePremium } from '@/lib/rating';

// Payloads for the reference: the products' own examples, priced by the rating engine, so the
// document shows what the service really answers (a unit test validates each against its schema).

type JsonSchema = Record<string, unknown>;

const AS_OF = '2026-06-01';
const QUOTE_ID = '0b6f3c1e-8d1a-4f7e-9c55-2a4b5d6e7f80';
const STAMP = '2026-06-01T09:30:00.000Z';

const componentName = (code: string): string => `${code.charAt(0).toUpperCase()}${code.slice(1)}QuoteInput`;

/** The product JSON Schemas (GET /schemas/policy/regular/{code}) as components, for the create body. */
export function productSchemaComponents(): Record<string, JsonSchema> {
  return Object.fromEntries(
    productCodes().map((code) => {
      // `$id`/`$schema` would re-base references inside the document; the served schema keeps them.
      const { $id: _id, $schema: _schema, ...schema } = getProduct(code).schema as JsonSchema;
      return [componentName(code), { ...schema, description: `${String(schema.description ?? '')} (${schemaPathOf(code)})`.trim() }];
    }),
  );
}

/** Create takes the payload of exactly one product, told apart by `product`. */
export function createBodyDocument(): JsonSchema {
  return {
    oneOf: productCodes().map((code) => ({ $ref: `#/components/schemas/${componentName(code)}` })),
    description: 'A create payload of one product; `GET /schemas/policy/regular/{code}` serves each schema',
  };
}

const home = getProduct('home').example(AS_OF);
const calculation = calculatePremium({ product: 'home', data: home });

export const CREATE_EXAMPLE = home;

const meta = (status: string, revision: number) => ({
  status,
  version: '1',
  revision,
  etag: `"${revision}"`,
  quoteNumber: 'Q-2026-000042',
  policyNumber: null,
  policyStatus: null,
  product: 'home',
  enrichment: 'done',
  referral: null,
  decline: null,
  renewalOf: null,
  // Calculated or bound: 30 days from the calculation at STAMP.
  validUntil: status === 'calculated' || status === 'bound' ? '2026-07-01T09:30:00.000Z' : null,
  createdAt: STAMP,
  updatedAt: STAMP,
});

export const QUOTE_EXAMPLE = {
  product: 'home',
  policy: { id: QUOTE_ID, ...home.policy },
  customer: home.customer,
  agent: home.agent,
  objects: home.objects,
  enrichment: {},
  meta: { ...meta('draft', 1), enrichment: 'pending' },
};

export const QUOTE_READ_EXAMPLE = [
  {
    data: {
      policy: { id: QUOTE_ID, ...home.policy },
      customer: home.customer,
      agent: home.agent ?? null,
      objects: home.objects,
      enrichment: {},
    },
  },
  { meta: meta('calculated', 3), schemaPath: schemaPathOf('home'), warnings: [], errors: [] },
];

export const CALCULATION_EXAMPLE = { ...calculation, meta: meta('calculated', 3) };
export const BIND_EXAMPLE = { ...calculation, meta: meta('bound', 4) };
