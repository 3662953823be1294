// Ajv errors as field errors a broker can read: a JSON pointer to the field (for a missing
// property, the pointer of the property itself) and a sentence that names the field by its
// schema title.
import type { ErrorObject } from 'ajv';
import type { FieldError } from '@/lib/errors';
import { formatNumber } from '@/lib/products/common/format';
import { joinPointer, splitPointer } from '@/lib/products/paths';

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

/** "one entry", "5 entries". */
function entries(limit: unknown): string {
  return limit === 1 ? 'one entry' : `${bound(limit)} entries`;
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${param(error, 'type') === 'integer' ? 'a whole number' : `of type ${String(param(error, 'type'))}`}`;
    case 'enum':
      return `must be one of: ${list(param(error, 'allowedValues'))}`;
    case 'const':
      return `must be ${JSON.stringify(param(error, 'allowedValue'))}`;
    case 'minimum':
      return `must be at least ${bound(param(error, 'limit'))}`;
    case 'maximum':
      return `must be at most ${bound(param(error, 'limit'))}`;
    case 'minLength':
      return param(error, 'limit') === 1 ? 'must not be empty' : `must be at least ${bound(param(error, 'limit'))} characters`;
    case 'maxLength':
      return `must be at most ${bound(param(error, 'limit'))} characters`;
    case 'minItems':
      return `needs at least ${entries(param(error, 'limit'))}`;
    case 'maxItems':
      return `allows at most ${entries(param(error, 'limit'))}`;
    case 'uniqueItems':
      return 'must not list the same entry twice';
    case 'format':
      return param(error, 'format') === 'date' ? 'must be a calendar date (YYYY-MM-DD)' : 'must be a valid e-mail address';
    case 'pattern': {
      const examples: unknown = error.parentSchema?.examples;
      return Array.isArray(examples) && examples.length > 0
        ? `has an invalid format (for example ${String(examples[0])})`
        : 'has an invalid format';
    }
    default:
      return error.message ?? 'is invalid';
  }
}

function toFieldError(error: ErrorObject): FieldError {
  if (error.keyword === 'required') {
    const name = String(param(error, 'missingProperty'));
    const title = titleOf(propertySchema(error.parentSchema, name)) ?? name;
    return { path: joinPointer(error.instancePath, name), message: `${title} is required` };
  }
  if (error.keyword === 'additionalProperties') {
    const name = String(param(error, 'additionalProperty'));
    return { path: joinPointer(error.instancePath, name), message: `${name} is not a field of this product` };
  }
  const title = titleOf(error.parentSchema) ?? lastToken(error.instancePath);
  return { path: error.instancePath, message: `${title} ${describe(error)}` };
}

/**
 * An `anyOf` of `required` branches ("date of birth or age") becomes one error naming the
 * choices, at the pointer of the first choice; otherwise the branch errors speak for themselves
 * and Ajv's generic "must match a schema in anyOf" is dropped.
 */
function collapseAnyOf(errors: readonly ErrorObject[]): FieldError[] {
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
      const titles = choices.map((c) => titleOf(propertySchema(error.parentSchema, c)) ?? c);
      out.push({ path: joinPointer(error.instancePath, choices[0] ?? ''), message: `Give one of: ${titles.join(' or ')}` });
    } else {
      branches.forEach((b) => out.push(toFieldError(b)));
    }
  }
  for (const error of errors) if (!consumed.has(error)) out.push(toFieldError(error));
  return out;
}

export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  if (!errors || errors.length === 0) return [];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of collapseAnyOf(errors)) {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
    if (out.length >= FIELD_ERRORS_MAX) break;
  }
  return out;
}
