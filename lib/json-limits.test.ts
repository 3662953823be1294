import { describe, expect, it } from 'vitest';
import { BadRequest } from '@/lib/errors';
import { mergePatch } from '@/lib/ledger/quotes/merge-patch';
import { findJsonLimitViolation, JSON_DEPTH_MAX, JSON_MEMBERS_MAX } from './json-limits';

/** `{"a":{"a":…{}}}` with `levels` objects. */
function nested(levels: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe('JSON limits', () => {
  it('accepts the depth limit itself and refuses one more, naming the pointer where it stopped', () => {
    expect(JSON_DEPTH_MAX).toBe(64);
    expect(findJsonLimitViolation(nested(64))).toBeNull();
    const violation = findJsonLimitViolation(nested(65));
    expect(violation?.kind).toBe('depth');
    expect(violation?.pointer).toBe(`/a`.repeat(64));
  });

  it('walks 100,000 levels without a stack overflow', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    const violation = findJsonLimitViolation(JSON.parse(text));
    expect(violation?.kind).toBe('depth');
    expect(violation?.pointer).toBe('/0'.repeat(64));
  });

  it('counts object members and array items together', () => {
    const wide = Object.fromEntries(Array.from({ length: JSON_MEMBERS_MAX }, (_, i) => [`k${i}`, 1]));
    expect(findJsonLimitViolation(wide)).toBeNull();
    expect(findJsonLimitViolation({ ...wide, extra: [] })?.kind).toBe('members');
    expect(findJsonLimitViolation(Array.from({ length: JSON_MEMBERS_MAX + 1 }, () => 0))?.kind).toBe('members');
  });

  it('finds NUL in a value or a name, escaping the pointer', () => {
    expect(findJsonLimitViolation({ 'a/b': { 'c~d': ['x\u0000'] } })).toMatchObject({ kind: 'nul', pointer: '/a~1b/c~0d/0' });
    expect(findJsonLimitViolation({ ok: { 'n\u0000': 1 } })).toMatchObject({ kind: 'nul', pointer: '/ok/n\u0000' });
  });
});

describe('merge patch depth', () => {
  it('merges a patch as deep as the body parser allows', () => {
    expect(() => mergePatch({}, nested(63))).not.toThrow();
  });

  it('refuses a deeper patch with a 400 naming the pointer, never a RangeError', () => {
    let caught: unknown;
    try {
      mergePatch({}, nested(200));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BadRequest);
    expect((caught as BadRequest).errors[0]?.path).toBe('/a'.repeat(64));
  });
});
