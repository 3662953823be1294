// A deep copy of a JSON value (objects, arrays, strings, numbers, booleans and null, as JSON.parse
// gives them) for code that changes its copy, as the validator does when it applies defaults.
// structuredClone copies any value, and a quote's payload costs it about six times as much.

/**
 * Copies every object and array of a JSON value; anything else (a string, a number, or a value JSON
 * has no form for, such as a Date) is shared with the original. An own `__proto__` key (JSON.parse
 * makes one from `{"__proto__": …}`) stays an own key of the copy and never becomes its prototype.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}
