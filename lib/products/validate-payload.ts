// Validation of create payloads against the product's JSON Schema (draft 2020-12). Each schema
// is compiled once, on first use, and cached; defaults are applied to a copy, never the input.
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import { ValidationFailed, type FieldError } from '@/lib/errors';
import { copyJson } from '@/lib/json-copy';
import { createSchemaAjv } from '@/lib/products/common/schema-ajv';
import { isObject } from '@/lib/products/common/read';
import { getProduct } from '@/lib/products/registry';
import { toFieldErrors } from '@/lib/products/schema-errors';
import { termChecks } from '@/lib/products/term-checks';
import type { ProductDefinition, ProductPayload } from '@/lib/products/types';
import { validationMessages, type MessageLanguage } from '@/lib/products/validation-messages';

export type ValidationResult = { valid: true; value: ProductPayload; errors: [] } | { valid: false; value: unknown; errors: FieldError[] };

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function instance(): Ajv2020 {
  ajv ??= createSchemaAjv();
  return ajv;
}

function validatorFor(product: ProductDefinition): ValidateFunction {
  let validate = validators.get(product.code);
  if (!validate) {
    validate = instance().compile(product.schema);
    validators.set(product.code, validate);
  }
  return validate;
}

function isProductPayload(value: unknown, validate: ValidateFunction): value is ProductPayload {
  return validate(value);
}

/**
 * Validates a copy of `payload` with defaults applied. Errors carry JSON pointers; for a
 * missing property, the pointer of the property. Cross-field rules (expiry after inception,
 * the product's own checks) run once the schema passes.
 */
export function validatePayload(code: string, payload: unknown, language: MessageLanguage = 'en'): ValidationResult {
  const product = getProduct(code);
  const m = validationMessages(language);
  if (!isObject(payload)) return { valid: false, value: payload, errors: [{ path: '', message: m.notAnObject }] };
  const value: unknown = copyJson(payload);
  const validate = validatorFor(product);
  if (!isProductPayload(value, validate)) return { valid: false, value, errors: toFieldErrors(validate.errors, language) };
  const errors = [...termChecks(value.policy, product, language), ...(product.checks?.(value, language) ?? [])];
  return errors.length === 0 ? { valid: true, value, errors: [] } : { valid: false, value, errors };
}

/** The validated payload with defaults, or ValidationFailed (422) listing every failing field, in the request's language. */
export function assertValidPayload(code: string, payload: unknown, language: MessageLanguage = 'en'): ProductPayload {
  const result = validatePayload(code, payload, language);
  if (!result.valid) {
    throw new ValidationFailed(validationMessages(language).schemaMismatch(code), result.errors);
  }
  return result.value;
}
