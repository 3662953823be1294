// Partial updates (spec 4.11: "only changed data is sent"): JSON merge patch (RFC 7386) for
// objects, where `null` removes a property, and arrays merged item by item (so
// `objects: [{ "sumInsured": 60000 }]` changes the first object; a longer array adds items).

const DEPTH_MAX = 32;

export function mergePatch(target: unknown, patch: unknown, depth = 0): unknown {
  if (depth > DEPTH_MAX) throw new RangeError(`the update is nested deeper than ${DEPTH_MAX} levels`);
  if (Array.isArray(patch)) {
    const base = Array.isArray(target) ? target : [];
    const length = Math.max(base.length, patch.length);
    const merged: unknown[] = [];
    for (let i = 0; i < length; i++) merged.push(i < patch.length ? mergePatch(base[i], patch[i], depth + 1) : base[i]);
    return merged;
  }
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value, depth + 1);
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
