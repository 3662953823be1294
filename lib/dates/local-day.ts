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

/** The local calendar date (`YYYY-MM-DD`) in the zone at the instant `now`. */
export function localToday(timeZone: string, now: Date = businessNow()): string {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of dayFormatterOf(timeZone).formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The instant a local date begins in the zone: when cover starting that day starts. */
export function localMidnight(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}
