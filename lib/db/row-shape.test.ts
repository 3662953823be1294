import { describe, expect, it } from 'vitest';
import { NO_COLUMNS, rowShape } from './row-shape';

const TEXT = 25;
const INT4 = 23;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMPTZ = 1184;
const JSONB = 3802;

describe('the rows of a described statement', () => {
  it('parse each value as its column’s type reads, and keep a null a null', () => {
    const shape = rowShape([
      { name: 'name', dataTypeID: TEXT },
      { name: 'count', dataTypeID: INT4 },
      { name: 'amount', dataTypeID: NUMERIC },
      { name: 'inception', dataTypeID: DATE },
      { name: 'at', dataTypeID: TIMESTAMPTZ },
      { name: 'data', dataTypeID: JSONB },
      { name: 'missing', dataTypeID: TEXT },
    ]);
    expect(shape.columns).toBe(7);
    const row = shape.build(['Ann', '7', '1234.50', '2027-03-01', '2026-11-27 03:04:05.678+00', '{"a":[1,"b"]}', null]);
    expect(row).toEqual({
      name: 'Ann',
      count: 7,
      amount: '1234.50',
      // A date is midnight UTC, as Prisma reads it, whatever the process's time zone.
      inception: new Date('2027-03-01T00:00:00.000Z'),
      at: new Date('2026-11-27T03:04:05.678Z'),
      data: { a: [1, 'b'] },
      missing: null,
    });
    expect(Object.keys(row)).toEqual(['name', 'count', 'amount', 'inception', 'at', 'data', 'missing']);
  });

  it('give every row its own object, untouched by the rows after it', () => {
    const shape = rowShape([{ name: 'n', dataTypeID: INT4 }]);
    const first = shape.build(['1']);
    const second = shape.build([null]);
    expect(first).toEqual({ n: 1 });
    expect(second).toEqual({ n: null });
    expect(first).not.toBe(second);
  });

  it('let a later column of the same name win, null or not, as node-postgres does', () => {
    const shape = rowShape([
      { name: 'x', dataTypeID: INT4 },
      { name: 'x', dataTypeID: INT4 },
    ]);
    expect(shape.build(['1', '2'])).toEqual({ x: 2 });
    expect(shape.build(['1', null])).toEqual({ x: null });
  });

  it('keep a column named __proto__ as a column, not as the row’s prototype', () => {
    const row = rowShape([{ name: '__proto__', dataTypeID: JSONB }]).build(['{"polluted":true}']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('describe a statement without columns as one whose rows are empty', () => {
    expect(rowShape([])).toBe(NO_COLUMNS);
    expect(NO_COLUMNS.columns).toBe(0);
    expect(NO_COLUMNS.build([])).toEqual({});
  });
});
