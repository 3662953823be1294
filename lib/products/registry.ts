// The product registry. Adding a product: a folder under lib/products and one entry in PRODUCTS.
import { NotFound } from '@/lib/errors';
import { home } from '@/lib/products/home';
import { pet } from '@/lib/products/pet';
import { travel } from '@/lib/products/travel';
import type { ProductDefinition, ProductSummary } from '@/lib/products/types';
import { terminationReasonList } from '@/lib/products/termination-reasons';
import { todayUtc } from '@/lib/rating/dates';

const PRODUCTS: readonly ProductDefinition[] = [home, travel, pet];

export const SCHEMA_PATH_PREFIX = 'policy/regular/';

/** Mistakes in a product definition fail at start-up, not on the first quote. */
function checkDefinition(product: ProductDefinition): void {
  const s = product.settings;
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9-]{1,31}$/.test(product.code)) problems.push('code must be lower-case kebab');
  if (product.schema.$id !== SCHEMA_PATH_PREFIX + product.code) problems.push('schema $id must be its schema path');
  if (s.brokerCommissionRate < 0 || s.mgaCommissionRate < 0 || s.brokerCommissionRate + s.mgaCommissionRate >= 1) {
    problems.push('commission rates must be non-negative and leave the insurer a share');
  }
  if (s.instalmentPlans.annual === undefined) problems.push('every product offers the annual plan');
  if (new Set(product.enrichment.map((step) => step.name)).size !== product.enrichment.length) {
    problems.push('enrichment step names must be unique');
  }
  if (problems.length > 0) throw new Error(`Product ${product.code}: ${problems.join('; ')}`);
}

const BY_CODE: ReadonlyMap<string, ProductDefinition> = new Map(
  PRODUCTS.map((product) => {
    checkDefinition(product);
    return [product.code, product] as const;
  }),
);
if (BY_CODE.size !== PRODUCTS.length) throw new Error('Two products share a code');

export function productCodes(): string[] {
  return PRODUCTS.map((p) => p.code);
}

export function findProduct(code: string): ProductDefinition | undefined {
  return BY_CODE.get(code);
}

export function getProduct(code: string): ProductDefinition {
  const product = BY_CODE.get(code);
  if (!product) throw new NotFound('Product', code);
  return product;
}

export function schemaPathOf(code: string): string {
  return SCHEMA_PATH_PREFIX + getProduct(code).code;
}

/** `policy/regular/home` (a leading slash is tolerated) → `home`; anything else is a 404. */
export function productCodeFromSchemaPath(path: string): string {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  const code = trimmed.startsWith(SCHEMA_PATH_PREFIX) ? trimmed.slice(SCHEMA_PATH_PREFIX.length) : '';
  if (!BY_CODE.has(code)) throw new NotFound('Schema', path);
  return code;
}

/** The products answer of `GET /products`; examples carry dates relative to `asOf`. */
export function listProducts(asOf: string = todayUtc(), language: 'en' | 'de' = 'en'): ProductSummary[] {
  return PRODUCTS.map((p) => ({
    code: p.code,
    title: p.title,
    description: p.description,
    schemaPath: SCHEMA_PATH_PREFIX + p.code,
    currency: p.settings.currency,
    example: p.example(asOf),
    terminationReasons: terminationReasonList(p.settings.terminationReasons, language),
  }));
}
