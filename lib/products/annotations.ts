// The schema annotations as JSON pointer patterns, so the lifecycle can ask "does this change
// need a recalculation?" (`x-rating`) and "may this change after bind?" (`x-editable-after-bind`).
import { getProduct } from '@/lib/products/registry';
import type { JsonSchema } from '@/lib/products/common/json-schema';
import { escapeToken, matchesAny } from '@/lib/products/paths';

type Annotation = 'x-rating' | 'x-editable-after-bind';

function collect(schema: JsonSchema, keyword: Annotation, pointer: string, out: string[]): void {
  if (schema[keyword] === true && pointer !== '') {
    out.push(pointer);
    return; // the whole subtree is covered by its root
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) collect(child, keyword, `${pointer}/${escapeToken(name)}`, out);
  if (schema.items) collect(schema.items, keyword, `${pointer}/*`, out);
  for (const branch of schema.anyOf ?? []) collect(branch, keyword, pointer, out);
}

const cache = new Map<string, readonly string[]>();

function annotated(code: string, keyword: Annotation): readonly string[] {
  const key = `${code}\u0000${keyword}`;
  let paths = cache.get(key);
  if (!paths) {
    const out: string[] = [];
    collect(getProduct(code).schema, keyword, '', out);
    paths = Object.freeze(out);
    cache.set(key, paths);
  }
  return paths;
}

/** Pointer patterns of the premium-relevant fields, e.g. `/objects/*\/sumInsured`. */
export function ratingPaths(code: string): string[] {
  return [...annotated(code, 'x-rating')];
}

/** Pointer patterns of the fields that may change after bind (and by a data change after issue). */
export function editableAfterBindPaths(code: string): string[] {
  return [...annotated(code, 'x-editable-after-bind')];
}

/** True when any changed path (from `changedPaths`) affects the premium. */
export function affectsRating(code: string, changed: readonly string[]): boolean {
  const patterns = annotated(code, 'x-rating');
  return changed.some((path) => matchesAny(patterns, path));
}

/** The changed paths that may not change after bind; empty when the change is allowed. */
export function notEditableAfterBind(code: string, changed: readonly string[]): string[] {
  const patterns = annotated(code, 'x-editable-after-bind');
  return changed.filter((path) => !matchesAny(patterns, path));
}
