import { describe, expect, it } from 'vitest';
import { copyJson } from './json-copy';

describe('a deep copy of a JSON value', () => {
  it('copies every object and array, so changing the copy leaves the original as it was', () => {
    const original = JSON.parse('{"policy":{"dateInception":"2027-01-01","limits":[1,{"sum":2}]},"n":null,"ok":true}');
    const copy = copyJson(original);
    expect(copy).toEqual(original);
    copy.policy.paymentPlan = 'annual';
    copy.policy.limits[1].sum = 3;
    copy.policy.limits.push(4);
    expect(original).toEqual({ policy: { dateInception: '2027-01-01', limits: [1, { sum: 2 }] }, n: null, ok: true });
    expect(copy.policy).not.toBe(original.policy);
    expect(copy.policy.limits[1]).not.toBe(original.policy.limits[1]);
  });

  it('keeps a __proto__ key as an own key, never as the prototype', () => {
    const original = JSON.parse('{"__proto__":{"admin":true},"name":"x"}');
    const copy = copyJson(original);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'name']);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"admin":true},"name":"x"}');
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).not.toBe(
      Object.getOwnPropertyDescriptor(original, '__proto__')?.value,
    );
  });

  it('answers a string, a number, a boolean or null as it is', () => {
    expect(copyJson('a')).toBe('a');
    expect(copyJson(1.5)).toBe(1.5);
    expect(copyJson(false)).toBe(false);
    expect(copyJson(null)).toBeNull();
  });
});
