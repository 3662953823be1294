import { describe, expect, it } from 'vitest';
import { isTimeZone, localMidnight, localToday } from './local-day';

// The boundaries worked by hand: London is UTC+0 in winter and UTC+1 in summer time (BST, from
// the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC); Berlin is UTC+1 in
// winter (CET) and UTC+2 in summer (CEST), switching at the same instants.

describe('the local date', () => {
  it('23:30 UTC on the eve of inception is already the inception day in Berlin, not yet in London (winter)', () => {
    const now = new Date('2026-11-30T23:30:00Z');
    expect(localToday('Europe/Berlin', now)).toBe('2026-12-01');
    expect(localToday('Europe/London', now)).toBe('2026-11-30');
  });

  it('23:30 UTC in British summer time is already the next day in London', () => {
    const now = new Date('2027-06-30T23:30:00Z');
    expect(localToday('Europe/London', now)).toBe('2027-07-01');
    expect(localToday('Europe/Berlin', now)).toBe('2027-07-01');
    expect(localToday('Europe/London', new Date('2027-06-30T22:59:59Z'))).toBe('2027-06-30');
  });

  it('22:30 UTC in summer is the next day in Berlin (CEST, UTC+2) but not in London (BST, UTC+1)', () => {
    const now = new Date('2027-06-30T22:30:00Z');
    expect(localToday('Europe/Berlin', now)).toBe('2027-07-01');
    expect(localToday('Europe/London', now)).toBe('2027-06-30');
  });

  it('follows the switch to and from summer time', () => {
    // 28 March 2027 is the last Sunday of March: at 00:30 UTC London is still on GMT.
    expect(localToday('Europe/London', new Date('2027-03-27T23:30:00Z'))).toBe('2027-03-27');
    // 31 October 2027, the last Sunday of October: 23:30 UTC the evening before is 00:30 BST.
    expect(localToday('Europe/London', new Date('2027-10-30T23:30:00Z'))).toBe('2027-10-31');
  });
});

describe('the local date asked many times a second', () => {
  it("changes on the second the zone's date does, also where the offset is not a whole minute", () => {
    // Liberia kept −0:44:30 until 1972: 2 January 1970 began at 00:44:30 UTC. The same second asked
    // twice gets the same date; the next second is the new day (a memo by minute would miss it).
    expect(localToday('Africa/Monrovia', new Date('1970-01-02T00:44:29.000Z'))).toBe('1970-01-01');
    expect(localToday('Africa/Monrovia', new Date('1970-01-02T00:44:29.999Z'))).toBe('1970-01-01');
    expect(localToday('Africa/Monrovia', new Date('1970-01-02T00:44:30.000Z'))).toBe('1970-01-02');
    expect(localToday('Africa/Monrovia', new Date('1970-01-02T00:44:29.500Z'))).toBe('1970-01-01');
  });

  it("keeps each zone's answer apart within one second", () => {
    const now = new Date('2026-11-30T23:30:00.250Z');
    expect(localToday('Europe/Berlin', now)).toBe('2026-12-01');
    expect(localToday('Europe/London', now)).toBe('2026-11-30');
    expect(localToday('Europe/Berlin', new Date('2026-11-30T23:30:00.750Z'))).toBe('2026-12-01');
  });

  it('refuses an invalid instant as before, instead of answering a remembered date', () => {
    localToday('Europe/London', new Date('2026-11-30T12:00:00Z'));
    expect(() => localToday('Europe/London', new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('cover at local midnight', () => {
  it('starts at 00:00 local: UTC midnight in a London winter, 23:00 UTC the day before in BST and in a Berlin winter', () => {
    expect(localMidnight('2026-12-01', 'Europe/London').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(localMidnight('2027-07-01', 'Europe/London').toISOString()).toBe('2027-06-30T23:00:00.000Z');
    expect(localMidnight('2026-12-01', 'Europe/Berlin').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(localMidnight('2027-07-01', 'Europe/Berlin').toISOString()).toBe('2027-06-30T22:00:00.000Z');
  });

  it('knows IANA zone names and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
