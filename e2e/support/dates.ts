import { expect } from '@playwright/test';
import { api } from './api';

// The examples start on the first of next month, so a date a test types or expects is worked
// from the policy it acts on, never written for one month of the calendar.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2027-01-01` as the pages write it: `1 Jan 2027`. */
export function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** The first of the month `months` after a first of the month, as `YYYY-MM-DD`. */
export function monthsAfter(isoFirst: string, months: number): string {
  const [year, month] = isoFirst.split('-').map(Number);
  const index = year! * 12 + (month! - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The policy's inception, a first of the month for every example. */
export async function inceptionOf(policyId: string): Promise<string> {
  const read = await api(`/policies/${policyId}/links?forceCoverageDateFormat=true`);
  const inception = read.body.data.policy.dateInception as string;
  expect(inception).toMatch(/^\d{4}-\d{2}-01$/);
  return inception;
}
