// Pure calendar helpers on `YYYY-MM-DD` strings. Dates are civil dates without a time zone
// (UTC by convention); day arithmetic uses epoch day numbers (days since 1970-01-01) computed
// with Howard Hinnant's civil-calendar algorithms, so no Date object and no DST can creep in.

const MS_PER_DAY = 86_400_000;

export interface CivilDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The digits of `value` from `start` to before `end` as a number, or -1 when one is not 0–9. */
function digitsAt(value: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** The parts of a valid calendar date, or null (2025-02-29 and 2025-13-01 are null). */
export function parseIsoDate(value: string): CivilDate | null {
  // YYYY-MM-DD read by character: dates are parsed many times a rating, and a regular
  // expression's match array costs more than the date.
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 0) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

function civil(value: string): CivilDate {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${value}`);
  return parts;
}

function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function toEpochDay(date: string): number {
  const { year, month, day } = civil(date);
  return epochDayOf(year, month, day);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function fromEpochDay(epochDay: number): string {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return formatIsoDate(year, month, day);
}

/** `to − from` in days: the DOMAIN's count of days of cover when `to` is the expiry date. */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Same day `months` later; a day the target month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = civil(date);
  return addMonthsTo({ year, month, day }, months);
}

/** `addMonths` on parsed parts, for loops that step many months from one anchor. */
export function addMonthsTo(anchor: CivilDate, months: number): string {
  const index = anchor.year * 12 + (anchor.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return formatIsoDate(year, month, Math.min(anchor.day, daysInMonth(year, month)));
}

export function addYears(date: string, years: number): string {
  return addMonths(date, years * 12);
}

/** Whole years of age on `onDate`; someone born on 29 Feb turns a year older on 1 Mar in common years. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const born = civil(dateOfBirth);
  const on = civil(onDate);
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}

/** ISO dates with four-digit years order as strings; validated so a typo cannot compare silently. */
export function compareDates(a: string, b: string): number {
  return toEpochDay(a) - toEpochDay(b);
}

/** Today's UTC date. The only clock read in the rating code; pure functions take dates as arguments. */
export function todayUtc(now: Date = new Date()): string {
  return fromEpochDay(Math.floor(now.getTime() / MS_PER_DAY));
}
