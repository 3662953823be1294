// Ajv errors as field errors a broker can read: a JSON pointer to the field (for a missing
// property, the pointer of the property itself) and a sentence that names the field by its
// schema title.
import type { ErrorObject } from 'ajv';
import type { FieldError } from '@/lib/errors';
import { formatNumber } from '@/lib/products/common/format';
import { joinPointer, splitPointer } from '@/lib/products/paths';
import { validationMessages, type MessageLanguage, type ValidationMessages } from '@/lib/products/validation-messages';

/** No form has this many fields; a hostile payload must not produce an unbounded error list. */
export const FIELD_ERRORS_MAX = 100;

function param(error: ErrorObject, name: string): unknown {
  const params: Record<string, unknown> = error.params;
  return params[name];
}

function titleOf(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || !('title' in schema)) return undefined;
  return typeof schema.title === 'string' ? schema.title : undefined;
}

function propertySchema(parent: unknown, name: string): unknown {
  if (typeof parent !== 'object' || parent === null || !('properties' in parent)) return undefined;
  const properties: unknown = parent.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>)[name] : undefined;
}

function lastToken(pointer: string): string {
  return splitPointer(pointer).at(-1) ?? 'The document';
}

function list(values: unknown): string {
  return Array.isArray(values) ? values.map(String).join(', ') : String(values);
}

function bound(value: unknown): string {
  return typeof value === 'number' ? formatNumber(value) : String(value);
}

function describe(error: ErrorObject, m: ValidationMessages): string {
  switch (error.keyword) {
    case 'type':
      return param(error, 'type') === 'integer' ? m.wholeNumber : m.ofType(String(param(error, 'type')));
    case 'enum':
      return m.oneOf(list(param(error, 'allowedValues')));
    case 'const':
      return m.equals(JSON.stringify(param(error, 'allowedValue')));
    case 'minimum':
      return m.atLeast(bound(param(error, 'limit')));
    case 'maximum':
      return m.atMost(bound(param(error, 'limit')));
    case 'minLength':
      return param(error, 'limit') === 1 ? m.notEmpty : m.minChars(bound(param(error, 'limit')));
    case 'maxLength':
      return m.maxChars(bound(param(error, 'limit')));
    case 'minItems':
      return m.minEntries(Number(param(error, 'limit')), bound(param(error, 'limit')));
    case 'maxItems':
      return m.maxEntries(Number(param(error, 'limit')), bound(param(error, 'limit')));
    case 'uniqueItems':
      return m.unique;
    case 'format':
      return param(error, 'format') === 'date' ? m.date : m.email;
    case 'pattern': {
      const examples: unknown = error.parentSchema?.examples;
      return Array.isArray(examples) && examples.length > 0 ? m.formatExample(String(examples[0])) : m.format;
    }
    default:
      return m.invalid;
  }
}

function toFieldError(error: ErrorObject, m: ValidationMessages): FieldError {
  if (error.keyword === 'required') {
    const name = String(param(error, 'missingProperty'));
    const title = m.title(titleOf(propertySchema(error.parentSchema, name)) ?? name);
    return { path: joinPointer(error.instancePath, name), message: m.required(title) };
  }
  if (error.keyword === 'additionalProperties') {
    const name = String(param(error, 'additionalProperty'));
    return { path: joinPointer(error.instancePath, name), message: m.notAField(name) };
  }
  const title = m.title(titleOf(error.parentSchema) ?? lastToken(error.instancePath));
  return { path: error.instancePath, message: `${title} ${describe(error, m)}` };
}

/**
 * An `anyOf` of `required` branches ("date of birth or age") becomes one error naming the
 * choices, at the pointer of the first choice; otherwise the branch errors speak for themselves
 * and Ajv's generic "must match a schema in anyOf" is dropped.
 */
function collapseAnyOf(errors: readonly ErrorObject[], m: ValidationMessages): FieldError[] {
  const out: FieldError[] = [];
  const consumed = new Set<ErrorObject>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf') continue;
    const prefix = `${error.schemaPath}/`;
    const branches = errors.filter((e) => e.schemaPath.startsWith(prefix));
    branches.forEach((b) => consumed.add(b));
    consumed.add(error);
    if (branches.length > 0 && branches.every((b) => b.keyword === 'required')) {
      const choices = branches.map((b) => String(param(b, 'missingProperty')));
      const titles = choices.map((c) => m.title(titleOf(propertySchema(error.parentSchema, c)) ?? c));
      out.push({ path: joinPointer(error.instancePath, choices[0] ?? ''), message: m.giveOneOf(titles) });
    } else {
      branches.forEach((b) => out.push(toFieldError(b, m)));
    }
  }
  for (const error of errors) if (!consumed.has(error)) out.push(toFieldError(error, m));
  return out;
}

/** Field errors in the request's language (English by default). */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, language: MessageLanguage = 'en'): FieldError[] {
  if (!errors || errors.length === 0) return [];
  const m = validationMessages(language);
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of collapseAnyOf(errors, m)) {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
    if (out.length >= FIELD_ERRORS_MAX) break;
  }
  return out;
}
