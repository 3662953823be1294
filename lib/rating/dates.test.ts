import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  ageOn,
  compareDates,
  daysBetween,
  daysInMonth,
  fromEpochDay,
  isIsoDate,
  isLeapYear,
  parseIsoDate,
  toEpochDay,
  todayUtc,
} from '@/lib/rating/dates';
import { addDaysIso, addMonthsIso, daysBetween as daysBetweenIso } from '@/tests/support/dates';

describe('calendar dates', () => {
  it('accepts only real calendar dates in YYYY-MM-DD', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-4-1', '2026-04-01T00:00:00Z', '']) {
      expect(parseIsoDate(bad)).toBeNull();
      expect(isIsoDate(bad)).toBe(false);
    }
    expect(isIsoDate(20260401)).toBe(false);
    // Day 0, and a valid date inside longer text, are not dates.
    expect(parseIsoDate('2026-01-00')).toBeNull();
    expect(parseIsoDate('x2026-01-01')).toBeNull();
    expect(parseIsoDate('12026-01-01')).toBeNull();
    // Only ASCII digits, in their places, and nothing around them.
    for (const bad of [
      '２０２６-01-01',
      '2026-01-01\n',
      ' 2026-01-01',
      '2026/01/01',
      '2026/01-01',
      '2026001-01',
      '2026-01/01',
      '+026-01-01',
      '2026-0a-01',
      '2026-01-1:',
      '20 6-01-01',
    ]) {
      expect(parseIsoDate(bad)).toBeNull();
    }
    expect(parseIsoDate('0000-01-01')).toEqual({ year: 0, month: 1, day: 1 });
    expect(parseIsoDate('9999-12-31')).toEqual({ year: 9999, month: 12, day: 31 });
    // Only strings are dates, even when something else prints like one.
    expect(isIsoDate({ toString: () => '2026-01-01' })).toBe(false);
  });

  it('names the value it cannot read as a date', () => {
    expect(() => toEpochDay('2026-02-30')).toThrow(new RangeError('Not a calendar date (YYYY-MM-DD): 2026-02-30'));
  });

  it('turns the last day of a 400-year cycle (29 February 2000, 2400) into a date and back', () => {
    // 2000-02-29 is day 11,016 after 1970-01-01: 30 years of 365 days (10,950) + 7 leap days
    // (1972 ... 1996) + 31 (January) + 28 (1 to 29 February, counted from day 0).
    expect(toEpochDay('2000-02-29')).toBe(11_016);
    expect(fromEpochDay(11_016)).toBe('2000-02-29');
    expect(fromEpochDay(11_017)).toBe('2000-03-01');
    expect(fromEpochDay(toEpochDay('2400-02-29'))).toBe('2400-02-29');
  });

  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2024, 2026].map(isLeapYear)).toEqual([false, true, true, false]);
    expect([daysInMonth(2024, 2), daysInMonth(2026, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([29, 28, 30, 31]);
  });

  it('counts days of cover as expiry − inception', () => {
    expect(daysBetween('2026-02-01', '2027-02-01')).toBe(365);
    expect(daysBetween('2027-06-01', '2028-06-01')).toBe(366);
    expect(daysBetween('2026-08-01', '2027-02-01')).toBe(184);
    expect(daysBetween('2026-02-14', '2026-02-28')).toBe(14);
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(fromEpochDay(-1)).toBe('1969-12-31');
  });

  it('adds months clamping to the month end, always from the anchor day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('ages in whole years; a 29 February birthday counts on 1 March in common years', () => {
    expect(ageOn('1980-03-02', '2026-02-14')).toBe(45);
    expect(ageOn('1986-02-14', '2026-02-14')).toBe(40);
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageOn('2026-03-01', '2026-02-01')).toBe(-1);
  });

  it('compares dates and throws on a non-date', () => {
    expect(compareDates('2026-02-01', '2026-02-02')).toBeLessThan(0);
    expect(compareDates('2026-02-01', '2026-02-01')).toBe(0);
    expect(() => compareDates('2026-02-30', '2026-02-01')).toThrow(RangeError);
  });

  it('reads today in UTC', () => {
    expect(todayUtc(new Date('2026-01-15T23:59:59.999Z'))).toBe('2026-01-15');
    expect(todayUtc(new Date('2026-01-16T00:00:00+01:00'))).toBe('2026-01-15');
  });

  it('epoch days and dates convert both ways and agree with the JavaScript calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: -150_000, max: 150_000 }), (epochDay) => {
        const date = fromEpochDay(epochDay);
        expect(toEpochDay(date)).toBe(epochDay);
        expect(date).toBe(new Date(epochDay * 86_400_000).toISOString().slice(0, 10));
      }),
      { numRuns: 300 },
    );
  });

  it('adding months never overshoots: the result lies in the target month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: -36, max: 36 }), (epochDay, months) => {
        const from = parseIsoDate(fromEpochDay(epochDay));
        const to = parseIsoDate(addMonths(fromEpochDay(epochDay), months));
        if (!from || !to) throw new Error('not a date');
        expect(to.year * 12 + to.month - (from.year * 12 + from.month)).toBe(months);
        expect(to.day).toBe(Math.min(from.day, daysInMonth(to.year, to.month)));
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with the tests' own calendar, which the API tests and journeys work their expected dates by", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: -36, max: 36 }),
        (epochDay, days, months) => {
          const date = fromEpochDay(epochDay);
          expect(addDaysIso(date, days)).toBe(addDays(date, days));
          expect(addMonthsIso(date, months)).toBe(addMonths(date, months));
          expect(daysBetweenIso(date, addDays(date, days))).toBe(days);
        },
      ),
      { numRuns: 300 },
    );
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2026-03-31', -1)).toBe('2026-02-28');
  });
});
