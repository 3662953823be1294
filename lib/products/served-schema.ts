import type { JsonSchema } from '@/lib/products/common/json-schema';
import { splitPointer } from '@/lib/products/paths';
import type { ProductDefinition } from '@/lib/products/types';

// The product schema as GET /schemas/... serves it: the product's own schema, with each property
// the product needs before bind (its `bindRequired` pointer patterns) marked `x-required-for-bind`,
// so a form can say which fields a quote may leave empty but a bind may not.

const served = new Map<string, JsonSchema>();

function mark(schema: JsonSchema, tokens: readonly string[]): void {
  const [token, ...rest] = tokens;
  if (token === undefined) {
    schema['x-required-for-bind'] = true;
    return;
  }
  const next = token === '*' ? schema.items : schema.properties?.[token];
  if (!next) throw new Error(`bindRequired names ${token}, which the schema does not have`);
  mark(next, rest);
}

export function servedSchema(product: ProductDefinition): JsonSchema {
  let schema = served.get(product.code);
  if (!schema) {
    schema = structuredClone(product.schema);
    for (const pattern of product.bindRequired) mark(schema, splitPointer(pattern));
    served.set(product.code, schema);
  }
  return schema;
}
