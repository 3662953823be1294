import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changedPaths,
  escapeToken,
  expandPattern,
  joinPointer,
  matchesAny,
  pathMatches,
  splitPointer,
  unescapeToken,
  valueAt,
} from '@/lib/products/paths';

describe('JSON pointers', () => {
  it('escape and split per RFC 6901', () => {
    expect(escapeToken('a/b~c')).toBe('a~1b~0c');
    expect(unescapeToken('a~1b~0c')).toBe('a/b~c');
    expect(unescapeToken('~01')).toBe('~1');
    expect(joinPointer('/objects', 0)).toBe('/objects/0');
    expect(joinPointer('', 'a/b')).toBe('/a~1b');
    expect(splitPointer('')).toEqual([]);
    expect(splitPointer('/objects/0/a~1b')).toEqual(['objects', '0', 'a/b']);
    expect(() => splitPointer('objects')).toThrow(RangeError);
  });

  it('escaping round-trips any token', () => {
    fc.assert(
      fc.property(fc.string(), (token) => {
        expect(splitPointer(joinPointer('', token))).toEqual([token]);
      }),
      { numRuns: 200 },
    );
  });

  it('valueAt reads objects and arrays, undefined when a step is missing', () => {
    const doc = { objects: [{ sumInsured: 40_000 }], 'a/b': 1 };
    expect(valueAt(doc, '/objects/0/sumInsured')).toBe(40_000);
    expect(valueAt(doc, '/a~1b')).toBe(1);
    expect(valueAt(doc, '')).toBe(doc);
    expect(valueAt(doc, '/objects/1/sumInsured')).toBeUndefined();
    expect(valueAt(doc, '/objects/0/sumInsured/x')).toBeUndefined();
  });
});

describe('pathMatches', () => {
  it('matches at or under the pattern, `*` standing for one segment', () => {
    expect(pathMatches('/objects/*/sumInsured', '/objects/0/sumInsured')).toBe(true);
    expect(pathMatches('/objects/*/sumInsured', '/objects/12/sumInsured')).toBe(true);
    expect(pathMatches('/agent', '/agent/code')).toBe(true);
    expect(pathMatches('/agent', '/agent')).toBe(true);
    expect(pathMatches('/agent', '/agentCode')).toBe(false);
    expect(pathMatches('/objects/*/sumInsured', '/objects/0')).toBe(false);
    expect(pathMatches('/objects/*/sumInsured', '/objects/0/postcode')).toBe(false);
    expect(matchesAny(['/a', '/b/*/c'], '/b/1/c/d')).toBe(true);
    expect(matchesAny([], '/a')).toBe(false);
  });
});

describe('changedPaths', () => {
  it('lists changed, added and removed leaves in document order', () => {
    const before = { policy: { dateInception: '2026-02-01', paymentPlan: 'annual' }, objects: [{ a: 1, b: 2 }] };
    const after = { policy: { dateInception: '2026-03-01' }, objects: [{ a: 1, b: 3 }, { a: 5 }], agent: { code: 'X' } };
    expect(changedPaths(before, after)).toEqual([
      '/policy/dateInception',
      '/policy/paymentPlan',
      '/objects/0/b',
      '/objects/1/a',
      '/agent/code',
    ]);
  });

  it('treats undefined like a missing property and reports empty containers by their pointer', () => {
    expect(changedPaths({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(changedPaths({ a: 1 }, { a: 1, list: [] })).toEqual(['/list']);
    expect(changedPaths({ a: { x: 1 } }, { a: 'flat' })).toEqual(['/a/x', '/a']);
    expect(changedPaths(Number.NaN, Number.NaN)).toEqual([]);
  });

  it('finds nothing between a document and its copy, and refuses documents nested too deep', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (doc) => {
        expect(changedPaths(doc, structuredClone(doc))).toEqual([]);
      }),
      { numRuns: 100 },
    );
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(() => changedPaths(deep, {})).toThrow(RangeError);
  });
});

describe('expandPattern', () => {
  it('gives a pointer per array item, and nothing when the array is absent', () => {
    const doc = { objects: [{ name: 'a' }, { name: 'b' }], customer: {} };
    expect(expandPattern(doc, '/objects/*/name')).toEqual(['/objects/0/name', '/objects/1/name']);
    expect(expandPattern(doc, '/customer/email')).toEqual(['/customer/email']);
    expect(expandPattern({}, '/objects/*/name')).toEqual([]);
  });
});
