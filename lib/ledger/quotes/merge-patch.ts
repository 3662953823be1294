// Partial updates (spec 4.11: "only changed data is sent"): JSON merge patch (RFC 7386) for
// objects, where `null` removes a property, and arrays merged item by item (so
// `objects: [{ "sumInsured": 60000 }]` changes the first object; a longer array adds items).

import { BadRequest } from '@/lib/errors';
import { JSON_DEPTH_MAX } from '@/lib/json-limits';

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Merges `patch` into `target`. The body parser already refuses JSON nested deeper than
 * JSON_DEPTH_MAX; a patch that still goes deeper is refused the same way (400 naming where), so
 * the recursion below is bounded.
 */
export function mergePatch(target: unknown, patch: unknown, depth = 0, pointer = ''): unknown {
  if (depth >= JSON_DEPTH_MAX && patch !== null && typeof patch === 'object') {
    const message = `is nested deeper than ${JSON_DEPTH_MAX} levels of objects and arrays`;
    throw new BadRequest(`The update ${message}`, [{ path: pointer, message }]);
  }
  if (Array.isArray(patch)) {
    const base = Array.isArray(target) ? target : [];
    const length = Math.max(base.length, patch.length);
    const merged: unknown[] = [];
    for (let i = 0; i < length; i++) {
      merged.push(i < patch.length ? mergePatch(base[i], patch[i], depth + 1, `${pointer}/${i}`) : base[i]);
    }
    return merged;
  }
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value, depth + 1, `${pointer}/${escapePointer(key)}`);
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
