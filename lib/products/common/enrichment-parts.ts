// Helpers for enrichment steps: walk the insured objects defensively, since a step runs on
// whatever was stored and must warn rather than throw on incomplete data.
import type { FieldError } from '@/lib/errors';
import { isObject } from '@/lib/products/common/read';
import type { JsonObject } from '@/lib/products/types';

/** Steps never look at more objects than a schema allows for any product. */
const OBJECTS_MAX = 50;

export function objectsOf(payload: JsonObject): JsonObject[] {
  const objects = payload.objects;
  if (!Array.isArray(objects)) return [];
  return objects.slice(0, OBJECTS_MAX).map((o) => (isObject(o) ? o : {}));
}

export function policyOf(payload: JsonObject): JsonObject {
  return isObject(payload.policy) ? payload.policy : {};
}

export function warning(path: string, message: string): FieldError {
  return { path, message };
}
