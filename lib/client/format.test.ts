import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('dates as the pages print them', () => {
  it('day, three-letter month, year (never two numbers that read either way)', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate('2027-09-01')).toBe('1 Sep 2027');
    expect(formatDate('2026-07-01T00:00:00.000Z')).toBe('1 Jul 2026');
  });

  it('times in UTC, 24 hours', () => {
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22 Nov 2026, 09:05 UTC');
    expect(formatDateTime('2026-12-31T23:59:00Z')).toBe('31 Dec 2026, 23:59 UTC');
  });

  it('keeps what it cannot read, a dash for nothing', () => {
    expect(formatDate('someday')).toBe('someday');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });
});
