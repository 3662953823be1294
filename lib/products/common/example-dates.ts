// Dates for the products' example payloads, relative to a day so an example never goes stale.
import { addDays, addMonths, addYears, parseIsoDate, formatIsoDate } from '@/lib/rating/dates';

/** The first day of the month after `asOf`, a typical inception date. */
export function firstOfNextMonth(asOf: string): string {
  const d = parseIsoDate(asOf);
  if (!d) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${asOf}`);
  return addMonths(formatIsoDate(d.year, d.month, 1), 1);
}

export function annualTerm(asOf: string): { dateInception: string; dateExpiry: string } {
  const dateInception = firstOfNextMonth(asOf);
  return { dateInception, dateExpiry: addYears(dateInception, 1) };
}

export function tripTerm(asOf: string, startInDays: number, days: number): { dateInception: string; dateExpiry: string } {
  const dateInception = addDays(asOf, startInDays);
  return { dateInception, dateExpiry: addDays(dateInception, days) };
}
