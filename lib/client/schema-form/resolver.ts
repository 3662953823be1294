import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { pointerToFieldName } from '@/lib/client/problem';
import type { FieldMessage } from '@/lib/client/types';
import type { JsonSchema } from './json-schema';
import { toPayload } from './values';
import { validateWithSchema } from './validator';

/** Errors by JSON pointer → the nested error object react-hook-form reads (`root` for the document). */
export function toFormErrors(messages: readonly FieldMessage[]): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of messages) {
    const name = pointerToFieldName(path) || 'root.document';
    const tokens = name.split('.');
    let node = errors;
    for (const token of tokens.slice(0, -1)) {
      const next = node[token];
      node = (typeof next === 'object' && next !== null ? next : (node[token] = {})) as Record<string, unknown>;
    }
    const last = tokens.at(-1)!;
    if (!node[last]) node[last] = { type: 'schema', message };
  }
  return errors as FieldErrors;
}

/**
 * Validates the payload the form would send against the product schema. `prepare` turns the
 * converted values into what is validated (for a change form: the policy with the change applied).
 */
export function schemaResolver<T extends FieldValues>(schema: JsonSchema, prepare: (payload: unknown) => unknown = (p) => p): Resolver<T> {
  return async (values) => {
    const payload = prepare(toPayload(schema, values));
    const messages = validateWithSchema(schema, payload);
    return messages.length ? { values: {}, errors: toFormErrors(messages) as FieldErrors<T> } : { values, errors: {} };
  };
}
