// What bind and issue demand beyond the schema: the fields a contract needs, an inception that
// is not in the past, an adult policyholder, and the product's own consistency rules.
import type { FieldError } from '@/lib/errors';
import type { JsonSchema } from '@/lib/products/common/json-schema';
import { isObject } from '@/lib/products/common/read';
import { expandPattern, splitPointer, valueAt } from '@/lib/products/paths';
import { getProduct } from '@/lib/products/registry';
import { bindTermChecks } from '@/lib/products/term-checks';
import { validatePayload } from '@/lib/products/validate-payload';

/** The title of the schema property a pointer leads to (`*` or an index steps into items). */
function titleAt(schema: JsonSchema, pointer: string): string {
  let node: JsonSchema | undefined = schema;
  for (const token of splitPointer(pointer)) {
    node = node?.type === 'array' ? node.items : node?.properties?.[token];
  }
  return node?.title ?? pointer;
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim().length > 0;
}

/**
 * Every reason the payload cannot be bound or issued on `asOf` (YYYY-MM-DD), as field errors;
 * empty when it can. Schema errors come first, then the missing mandatory fields, then the
 * date and product rules.
 */
export function mandatoryForBind(code: string, payload: unknown, asOf: string): FieldError[] {
  const product = getProduct(code);
  const result = validatePayload(code, payload);
  const errors: FieldError[] = [...result.errors];
  const reported = new Set(errors.map((e) => e.path));
  for (const pattern of product.bindRequired) {
    for (const pointer of expandPattern(result.value, pattern)) {
      if (!reported.has(pointer) && !isFilled(valueAt(result.value, pointer))) {
        errors.push({ path: pointer, message: `${titleAt(product.schema, pointer)} is required before bind` });
      }
    }
  }
  if (isObject(result.value)) errors.push(...bindTermChecks(result.value, asOf));
  if (result.valid) errors.push(...(product.bindChecks?.(result.value, asOf) ?? []));
  return errors;
}
