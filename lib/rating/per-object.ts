/**
 * `compute` of an object, worked out on the first call and kept for as long as the object lives:
 * for the rating's shared constants (a product's settings, a table's rows and factors), which every
 * rating would otherwise convert again. `compute` must not answer undefined (it would run again).
 */
export function perObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      values.set(key, value);
    }
    return value;
  };
}
