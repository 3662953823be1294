// Limits on the shape of JSON we accept from outside. Every walker of untrusted JSON in the
// service (validation, merge patches, storage) is either iterative or bounded by these, so a
// deeply nested or enormous body is a clear 400, never a stack overflow.

/** Nesting of objects and arrays: `{}` is depth 1, `{"a":[{}]}` depth 3. */
export const JSON_DEPTH_MAX = 64;
/** Object members and array items in one document, counted together. */
export const JSON_MEMBERS_MAX = 20_000;

export interface JsonLimitViolation {
  kind: 'depth' | 'members' | 'nul';
  /** JSON pointer (RFC 6901) of the value where the walk stopped. */
  pointer: string;
  message: string;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Walks a parsed JSON value without recursion and reports the first limit it breaks (depth,
 * member count, or a NUL character, which PostgreSQL cannot store in text), or null.
 */
export function findJsonLimitViolation(
  value: unknown,
  limits = { depthMax: JSON_DEPTH_MAX, membersMax: JSON_MEMBERS_MAX },
): JsonLimitViolation | null {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: '', depth: 0 }];
  let members = 0;
  while (stack.length > 0) {
    const { value: current, pointer, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', pointer, message: 'must not contain the NUL character (\\u0000)' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limits.depthMax) {
      return { kind: 'depth', pointer, message: `is nested deeper than ${limits.depthMax} levels of objects and arrays` };
    }
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current as Record<string, unknown>);
    members += entries.length;
    if (members > limits.membersMax) {
      return { kind: 'members', pointer, message: `brings the body over ${limits.membersMax} object members and array items` };
    }
    for (const [key, item] of entries) {
      const child = `${pointer}/${escapePointer(key)}`;
      if (key.includes('\u0000')) return { kind: 'nul', pointer: child, message: 'has a name with the NUL character (\\u0000)' };
      stack.push({ value: item, pointer: child, depth: depth + 1 });
    }
  }
  return null;
}
