// JSON pointers (RFC 6901) over payloads: which leaves changed between two versions, and
// whether a changed path falls under an annotated schema path such as `/objects/*/sumInsured`.
import type { JsonObject } from '@/lib/products/types';

/** Nesting deeper than this is not a payload of ours; stops a hostile document from recursing forever. */
const DEPTH_MAX = 32;

export function escapeToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapeToken(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

export function joinPointer(base: string, token: string | number): string {
  return `${base}/${typeof token === 'number' ? token : escapeToken(token)}`;
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new RangeError(`Not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split('/').map(unescapeToken);
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isContainer(value: unknown): value is JsonObject | unknown[] {
  return typeof value === 'object' && value !== null;
}

function leaves(value: unknown, base: string, out: string[], depth: number): void {
  if (depth > DEPTH_MAX) throw new RangeError(`Document nested deeper than ${DEPTH_MAX} levels`);
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(base);
    value.forEach((item, i) => leaves(item, joinPointer(base, i), out, depth + 1));
  } else if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    if (keys.length === 0) out.push(base);
    for (const k of keys) leaves(value[k], joinPointer(base, k), out, depth + 1);
  } else if (value !== undefined) {
    out.push(base);
  }
}

function diff(before: unknown, after: unknown, base: string, out: string[], depth: number): void {
  if (depth > DEPTH_MAX) throw new RangeError(`Document nested deeper than ${DEPTH_MAX} levels`);
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) diff(before[i], after[i], joinPointer(base, i), out, depth + 1);
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const k of keys) diff(before[k], after[k], joinPointer(base, k), out, depth + 1);
    return;
  }
  if (Object.is(before, after)) return;
  if (isContainer(before) || isContainer(after)) {
    // A container appeared, vanished or changed kind: every leaf on either side changed.
    const both: string[] = [];
    leaves(before, base, both, depth);
    leaves(after, base, both, depth);
    for (const p of new Set(both)) out.push(p);
    return;
  }
  out.push(base);
}

/**
 * JSON pointers of the leaves that differ between two documents, in document order. A missing
 * property and `undefined` are the same; an empty object or array that appears or vanishes is
 * reported by its own pointer.
 */
export function changedPaths(before: unknown, after: unknown): string[] {
  const out: string[] = [];
  diff(before, after, '', out, 0);
  return out;
}

/**
 * Whether `path` lies at or under `pattern`, where a `*` segment of the pattern matches any one
 * segment: `/objects/*\/sumInsured` matches `/objects/0/sumInsured`, `/agent` matches `/agent/code`.
 */
export function pathMatches(pattern: string, path: string): boolean {
  const p = splitPointer(pattern);
  const s = splitPointer(path);
  if (s.length < p.length) return false;
  for (let i = 0; i < p.length; i++) {
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return true;
}

export function matchesAny(patterns: readonly string[], path: string): boolean {
  return patterns.some((pattern) => pathMatches(pattern, path));
}

/** The value at `pointer`, or undefined when any segment is missing. */
export function valueAt(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const token of splitPointer(pointer)) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isPlainObject(current)) current = current[token];
    else return undefined;
  }
  return current;
}

/**
 * Concrete pointers for a pattern over a document: `/objects/*\/name` with two objects gives
 * `/objects/0/name` and `/objects/1/name`. A pattern whose array is absent gives nothing.
 */
export function expandPattern(document: unknown, pattern: string): string[] {
  let prefixes: { pointer: string; value: unknown }[] = [{ pointer: '', value: document }];
  for (const token of splitPointer(pattern)) {
    const next: { pointer: string; value: unknown }[] = [];
    for (const { pointer, value } of prefixes) {
      if (token === '*') {
        if (Array.isArray(value)) value.forEach((item, i) => next.push({ pointer: joinPointer(pointer, i), value: item }));
      } else {
        next.push({ pointer: joinPointer(pointer, token), value: isPlainObject(value) ? value[token] : undefined });
      }
    }
    prefixes = next;
  }
  return prefixes.map((p) => p.pointer);
}
