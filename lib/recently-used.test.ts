import { describe, expect, it } from 'vitest';
import { keepRecent, takeRecent } from './recently-used';

describe('a Map kept in order of use', () => {
  it('drops the least recently used entry beyond the bound, counting a read as a use', () => {
    const map = new Map<string, number>();
    keepRecent(map, 'a', 1, 2);
    keepRecent(map, 'b', 2, 2);
    expect(takeRecent(map, 'a')).toBe(1); // now b is the least recently used
    keepRecent(map, 'c', 3, 2);
    expect([...map.keys()]).toEqual(['a', 'c']);
    expect(takeRecent(map, 'b')).toBeUndefined();
  });

  it('replaces a value stored again under its key and counts it as the most recent', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    keepRecent(map, 'a', 10, 2);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['a', 10],
    ]);
  });
});
