import { describe, expect, it } from 'vitest';
import { parameterValue, statementName } from './prepared-query';

describe('the values of a prepared statement', () => {
  it('sends text, numbers, booleans, nulls and instants as the text PostgreSQL reads for their type', () => {
    expect(parameterValue("O'Brien; DROP TABLE t; --")).toBe("O'Brien; DROP TABLE t; --");
    expect(parameterValue(42)).toBe('42');
    expect(parameterValue(-1.5)).toBe('-1.5');
    expect(parameterValue(9007199254740993n)).toBe('9007199254740993');
    expect(parameterValue(true)).toBe('true');
    expect(parameterValue(false)).toBe('false');
    expect(parameterValue(null)).toBeNull();
    expect(parameterValue(undefined)).toBeNull();
    expect(parameterValue(new Date('2026-11-26T03:04:05.678Z'))).toBe('2026-11-26T03:04:05.678Z');
  });

  it('refuses values without one clear text', () => {
    expect(() => parameterValue(Number.NaN)).toThrow('No parameter for the number NaN');
    expect(() => parameterValue(Number.POSITIVE_INFINITY)).toThrow('No parameter for the number Infinity');
    expect(() => parameterValue(new Date('nope'))).toThrow('No parameter for an invalid date');
    expect(() => parameterValue({ a: 1 })).toThrow('No parameter for a value of type object');
    expect(() => parameterValue([['a']])).toThrow('No parameter for a list of lists');
    expect(() => parameterValue(['a', { b: 1 }])).toThrow('No parameter for a value of type object');
  });

  it('sends a list as an array literal with every element quoted', () => {
    expect(parameterValue([])).toBe('{}');
    expect(parameterValue(['issue-policy', 'prepare-quote'])).toBe('{"issue-policy","prepare-quote"}');
    expect(parameterValue(['a,b', '{c}', 'say "hi"', 'back\\slash', null, ' '])).toBe(
      '{"a,b","{c}","say \\"hi\\"","back\\\\slash",NULL," "}',
    );
    expect(parameterValue([1n, 2])).toBe('{"1","2"}');
  });
});

describe('the name of a prepared statement', () => {
  it('is the same for the same text, another for another text, and within PostgreSQL’s 63 bytes', () => {
    const text = 'SELECT "id" FROM "Policy" WHERE "id" = $1::uuid';
    expect(statementName(text)).toBe(statementName(`${text}`));
    expect(statementName(text)).not.toBe(statementName(`${text} FOR UPDATE`));
    expect(statementName(text)).toMatch(/^ledger_[A-Za-z0-9_-]{32}$/);
    expect(Buffer.byteLength(statementName(text))).toBeLessThanOrEqual(63);
  });

  it('tells apart texts of the same length, asked in turn, and stays right once its bound is passed', () => {
    const first = 'SELECT "id" FROM "Policy" WHERE "id" = $1::uuid';
    const second = 'SELECT "id" FROM "Quotes" WHERE "id" = $1::uuid';
    expect(second).toHaveLength(first.length);
    const named = [statementName(first), statementName(second)];
    expect(named[0]).not.toBe(named[1]);
    // Built anew, as a statement's text is for each call: the same names again.
    expect(statementName(['SELECT "id" FROM "Quotes"', 'WHERE "id" = $1::uuid'].join(' '))).toBe(named[1]);
    expect(statementName(first)).toBe(named[0]);
    // 2,500 texts of one length (more than the 2,000 kept): each name is its own text's.
    const texts = Array.from({ length: 2_500 }, (_, index) => `SELECT ${String(index).padStart(4, '0')}`);
    const names = texts.map(statementName);
    expect(new Set(names).size).toBe(texts.length);
    expect(texts.map(statementName)).toEqual(names);
    expect(statementName(second)).toBe(named[1]);
  });
});
