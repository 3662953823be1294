import type { JsonSchema } from './json-schema';

// Form values are what inputs hold (strings, booleans); payloads are what the API takes. These
// two functions convert between them along the schema, so the form never guesses types.

export type FormValues = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Payload (or nothing) → form values, with the schema's defaults where the payload is silent. */
export function toFormValues(schema: JsonSchema, payload: unknown): unknown {
  const value = payload === undefined || payload === null ? schema.default : payload;
  if (schema.type === 'object') {
    const source = isObject(value) ? value : {};
    const out: FormValues = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) out[key] = toFormValues(property, source[key]);
    return out;
  }
  if (schema.type === 'array') {
    if (schema.items?.type === 'object') {
      const items = Array.isArray(value) ? value : [];
      const count = Math.max(items.length, schema.minItems ?? 0);
      return Array.from({ length: count }, (_, index) => toFormValues(schema.items!, items[index]));
    }
    return Array.isArray(value) ? value.join(', ') : '';
  }
  if (schema.type === 'boolean') return value === true;
  if (schema.const !== undefined) return schema.const;
  return value === undefined || value === null ? '' : String(value);
}

function toScalar(schema: JsonSchema, value: unknown): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.type === 'boolean') return value === true;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '' || text === undefined || text === null) return undefined;
  if (schema.type === 'integer' || schema.type === 'number') {
    const number = Number(text);
    // Not a number: pass the text on so that validation names the field.
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

/**
 * Form values → payload. Empty inputs are left out; an optional group left entirely empty is
 * left out too, so that its inner required fields only apply once any of them is filled.
 */
export function toPayload(schema: JsonSchema, value: unknown, required = true): unknown {
  if (schema.type === 'object') {
    const source = isObject(value) ? value : {};
    const requiredKeys = new Set(schema.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const converted = toPayload(property, source[key], requiredKeys.has(key));
      if (converted !== undefined) out[key] = converted;
    }
    const meaningful = Object.entries(out).some(([key, v]) => schema.properties?.[key]?.type !== 'boolean' || v === true);
    return meaningful || required ? out : undefined;
  }
  if (schema.type === 'array') {
    if (schema.items?.type === 'object') {
      const items = Array.isArray(value) ? value : [];
      return items.map((item) => toPayload(schema.items!, item, true) ?? {});
    }
    if (typeof value !== 'string') return undefined;
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return entries.length ? entries : undefined;
  }
  return toScalar(schema, value);
}

/**
 * The leaves of `next` that differ from `previous`, nested in their groups; arrays of objects
 * are compared item by item and sent whole when any item changed.
 */
export function changedPart(previous: unknown, next: unknown): unknown {
  if (isObject(previous) && isObject(next)) {
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
      const change = changedPart(previous[key], key in next ? next[key] : null);
      if (change !== undefined) out[key] = change;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return JSON.stringify(previous) === JSON.stringify(next) ? undefined : next;
}

/**
 * Like changedPart, but an array of the same length is sent item by item, an unchanged object
 * item as `{}` (a merge patch leaves it as it is): a mid-term adjustment then says only what it
 * changes, and one dated before a later adjustment does not carry that adjustment's fields back.
 */
export function changedLeaves(previous: unknown, next: unknown): unknown {
  if (Array.isArray(previous) && Array.isArray(next) && previous.length === next.length) {
    if (JSON.stringify(previous) === JSON.stringify(next)) return undefined;
    return next.map((item, i) => (isObject(previous[i]) && isObject(item) ? (changedLeaves(previous[i], item) ?? {}) : item));
  }
  if (isObject(previous) && isObject(next)) {
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
      const change = changedLeaves(previous[key], key in next ? next[key] : null);
      if (change !== undefined) out[key] = change;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return JSON.stringify(previous) === JSON.stringify(next) ? undefined : next;
}
