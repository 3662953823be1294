import { describe, expect, it } from 'vitest';
import { withMember } from './json-text';

describe('withMember', () => {
  it('adds the member after the object’s own, as JSON', () => {
    const text = withMember('{"data":{"payable":"123.45"},"installments":[]}', 'meta', { status: 'calculated' });
    expect(text).toBe('{"data":{"payable":"123.45"},"installments":[],"meta":{"status":"calculated"}}');
    expect(JSON.parse(text)).toEqual({ data: { payable: '123.45' }, installments: [], meta: { status: 'calculated' } });
  });

  it('adds to an empty object without a comma, and to one with trailing spaces', () => {
    expect(withMember('{}', 'meta', 1)).toBe('{"meta":1}');
    expect(withMember('{ }', 'meta', null)).toBe('{ "meta":null}');
    expect(withMember('{"a":1}\n', 'b', 'x')).toBe('{"a":1,"b":"x"}');
  });

  it('escapes the name as JSON does', () => {
    expect(JSON.parse(withMember('{}', 'a"b', true))).toEqual({ 'a"b': true });
  });

  it('refuses text that is not an object', () => {
    expect(() => withMember('[1,2]', 'meta', 1)).toThrow('JSON object');
    expect(() => withMember('"{}"', 'meta', 1)).toThrow('JSON object');
  });
});
