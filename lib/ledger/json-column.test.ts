import { describe, expect, it } from 'vitest';
import { asJsonInput, asStoredJson, jsonColumn } from './json-column';

describe('values for jsonb columns', () => {
  it('come back as a read of the column would give them: dates as ISO text, undefined fields gone', () => {
    const value = { at: new Date('2027-03-31T22:00:00.000Z'), note: undefined, amounts: ['12.50', 3], nested: { none: null } };
    const expected = { at: '2027-03-31T22:00:00.000Z', amounts: ['12.50', 3], nested: { none: null } };
    expect(asStoredJson(value)).toEqual(expected);
    expect(Object.keys(asStoredJson(value) as object)).toEqual(['at', 'amounts', 'nested']);
    expect(asJsonInput(value)).toEqual(expected);
  });

  it('are copies: changing the original afterwards does not change what is stored', () => {
    const original = { rules: [{ rule: 'sum-insured', message: 'Above the limit' }] };
    const stored = asStoredJson(original) as { rules: { rule: string }[] };
    original.rules[0]!.rule = 'changed';
    expect(stored.rules[0]!.rule).toBe('sum-insured');
  });

  it('give the text for a statement and the value a read gives back, from one serialization', () => {
    const referral = { source: 'rule', comment: undefined, referredAt: new Date('2027-01-05T09:00:00.000Z') };
    expect(jsonColumn(referral)).toEqual({
      text: '{"source":"rule","referredAt":"2027-01-05T09:00:00.000Z"}',
      stored: { source: 'rule', referredAt: '2027-01-05T09:00:00.000Z' },
    });
  });
});
