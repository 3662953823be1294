import { TZDate } from '@date-fns/tz';
import { businessNow } from './clock';

// Business dates in the tenant's time zone (DOMAIN.md §1): cover starts and ends at local
// midnight, and every rule that asks for "today" uses the local date, never the UTC date. At
// 23:30 UTC on 30 November it is already 1 December in Berlin. The zone arithmetic (summer time
// included) is the runtime's (Intl) and @date-fns/tz's; nothing here adds offsets by hand.

export const DEFAULT_TIME_ZONE = 'Europe/London';

/** True for an IANA zone name the runtime knows (`Europe/Berlin`); false for anything else. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

// One formatter per zone, made once: a quote read asks for the local date on every call, and
// making an Intl.DateTimeFormat costs many times what formatting with one does.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

// The last whole second asked for in each zone, and its date: under load the reads ask many times
// a second, and a zone's date can only change on a whole second (every offset in the time zone
// database is a whole number of seconds), so the answer for that second is the answer.
const lastDayOf = new Map<string, { second: number; date: string }>();

/** The local calendar date (`YYYY-MM-DD`) in the zone at the instant `now`. */
export function localToday(timeZone: string, now: Date = businessNow()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDayOf.get(timeZone);
  if (last?.second === second) return last.date;
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of dayFormatterOf(timeZone).formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  lastDayOf.set(timeZone, { second, date });
  return date;
}

/** The instant a local date begins in the zone: when cover starting that day starts. */
export function localMidnight(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}
