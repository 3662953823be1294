// Typed reads of payload fields for rating and rules. The rating engine accepts stored data
// without re-running the schema (that would cost a deep clone per call), so each read checks
// the one value it needs and fails with a JSON pointer when it is not there or not usable.
import { ValidationFailed } from '@/lib/errors';
import { isIsoDate } from '@/lib/rating/dates';
import { joinPointer } from '@/lib/products/paths';
import type { JsonObject } from '@/lib/products/types';

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function unratable(path: string, message: string): never {
  throw new ValidationFailed(`The data cannot be rated: ${path} ${message}`, [{ path, message }]);
}

export function objectField(obj: JsonObject, key: string, base: string): JsonObject {
  const v = obj[key];
  return isObject(v) ? v : unratable(joinPointer(base, key), 'must be an object');
}

export function arrayField(obj: JsonObject, key: string, base: string): unknown[] {
  const v = obj[key];
  return Array.isArray(v) ? v : unratable(joinPointer(base, key), 'must be an array');
}

export function itemObject(items: readonly unknown[], index: number, base: string): JsonObject {
  const v = items[index];
  return isObject(v) ? v : unratable(joinPointer(base, index), 'must be an object');
}

export function numberField(obj: JsonObject, key: string, base: string): number {
  const v = obj[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : unratable(joinPointer(base, key), 'must be a number');
}

export function optionalNumberField(obj: JsonObject, key: string, base: string): number | undefined {
  return obj[key] === undefined ? undefined : numberField(obj, key, base);
}

export function stringField(obj: JsonObject, key: string, base: string): string {
  const v = obj[key];
  return typeof v === 'string' && v.length > 0 ? v : unratable(joinPointer(base, key), 'must be a non-empty string');
}

export function dateField(obj: JsonObject, key: string, base: string): string {
  const v = obj[key];
  return isIsoDate(v) ? v : unratable(joinPointer(base, key), 'must be a date (YYYY-MM-DD)');
}

export function optionalDateField(obj: JsonObject, key: string, base: string): string | undefined {
  return obj[key] === undefined ? undefined : dateField(obj, key, base);
}

/** A boolean, or `fallback` (the schema default) when absent. */
export function booleanField(obj: JsonObject, key: string, base: string, fallback: boolean): boolean {
  const v = obj[key];
  if (v === undefined) return fallback;
  return typeof v === 'boolean' ? v : unratable(joinPointer(base, key), 'must be true or false');
}

/** One of `allowed`, or `fallback` (the schema default) when absent and a fallback exists. */
export function enumField<T extends string | number>(obj: JsonObject, key: string, base: string, allowed: readonly T[], fallback?: T): T {
  const v = obj[key];
  if (v === undefined && fallback !== undefined) return fallback;
  const hit = allowed.find((a) => a === v);
  return hit !== undefined ? hit : unratable(joinPointer(base, key), `must be one of ${allowed.join(', ')}`);
}
