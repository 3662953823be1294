import { describe, expect, it, vi } from 'vitest';
import { perObject } from './per-object';

describe('perObject', () => {
  it('works a value out once for each object and answers it again after', () => {
    const compute = vi.fn((row: { rate: string }) => ({ rate: Number(row.rate) }));
    const rateOf = perObject(compute);
    const vat = { rate: '0.2' };
    const ipt = { rate: '0.12' };

    const first = rateOf(vat);
    expect(rateOf(vat)).toBe(first);
    expect(first).toEqual({ rate: 0.2 });
    expect(rateOf(ipt)).toEqual({ rate: 0.12 });
    expect(compute).toHaveBeenCalledTimes(2);
    expect(compute.mock.calls).toEqual([[vat], [ipt]]);
  });

  it('keeps an answer of 0 or false rather than working it out again', () => {
    const compute = vi.fn((factor: { value: number }) => factor.value === 0 && 0);
    const numberOf = perObject(compute);
    const zero = { value: 0 };
    expect(numberOf(zero)).toBe(0);
    expect(numberOf(zero)).toBe(0);
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
