import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import { toFieldErrors } from '@/lib/products/schema-errors';
import type { FieldMessage } from '@/lib/client/types';
import { createSchemaAjv } from '@/lib/products/common/schema-ajv';
import type { JsonSchema } from './json-schema';

// The browser validates with the very schema the server uses, with the same Ajv options and
// the same error sentences, so a message shown inline is the one a 422 would carry.

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function instance(): Ajv2020 {
  ajv ??= createSchemaAjv();
  return ajv;
}

function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = schema.$id ?? JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = instance().compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** Field errors of `payload` (a copy is validated; defaults are not written back). */
export function validateWithSchema(schema: JsonSchema, payload: unknown): FieldMessage[] {
  const validate = validatorFor(schema);
  return validate(structuredClone(payload)) ? [] : toFieldErrors(validate.errors);
}
