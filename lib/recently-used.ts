// A Map as a bounded cache in order of use: a Map iterates in insertion order, so an entry moved to
// the end on every use leaves the least recently used one first, to be dropped first.

/** The value under `key`, now the most recently used; undefined when there is none. */
export function takeRecent<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value === undefined) return undefined;
  map.delete(key);
  map.set(key, value);
  return value;
}

/** Stores `value` under `key` as the most recently used, then drops the least recently used beyond `max`. */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
