// Calendar dates for tests, worked out with the runtime's own time-zone data (Intl), not with the
// code under test.

/** Today's local date (`YYYY-MM-DD`) in the zone; acme's zone is Europe/London. */
export function todayIn(timeZone = 'Europe/London', now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The ISO date `days` after `date` (negative for before). */
export function addDaysIso(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The same day `months` later; a day the target month lacks becomes its last day (31 Jan + 1 →
 * 28 or 29 Feb), the rule the DOMAIN gives instalment dates and terms.
 */
export function addMonthsIso(date: string, months: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  const [year, month, day] = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
  // Day 0 of the month after the target month is the target month's last day.
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The same day `years` later; 29 Feb becomes 28 Feb in a common year. */
export function addYearsIso(date: string, years: number): string {
  return addMonthsIso(date, years * 12);
}

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** The first of the month `months` after the month of `date`, as `YYYY-MM-DD`. */
export function firstOfMonthAfter(date: string, months: number): string {
  const at = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 10);
}
