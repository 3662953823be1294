// Insurance premium tax by jurisdiction, line of business and validity date (DOMAIN.md §2): the
// place of risk chooses the country, the product its line, the inception date the row in force.
// A rate change is a new row from its date; the old row keeps its end date. Names belong to the
// jurisdiction (UK IPT is called so in a German document too), given in each language.
import { money, type Decimal } from '@/lib/money';
import { compareDates } from '@/lib/rating/dates';
import { perObject } from '@/lib/rating/per-object';

export const LINES_OF_BUSINESS = ['property', 'travel', 'pet'] as const;
export type LineOfBusiness = (typeof LINES_OF_BUSINESS)[number];

export interface TaxRow {
  country: string;
  /** A line of its own, or every line without a row of its own. */
  line: LineOfBusiness | 'any';
  rate: string;
  /** First day the rate applies (inclusive), and the day it stops (exclusive), if it has. */
  validFrom: string;
  validTo?: string;
  jurisdiction: string;
  name: { en: string; de: string };
}

const UK_IPT = { en: 'Insurance Premium Tax', de: 'Insurance Premium Tax (britische Versicherungsteuer)' };

export const TAX_TABLE: readonly TaxRow[] = [
  { country: 'GB', line: 'any', rate: '0.12', validFrom: '2017-06-01', jurisdiction: 'United Kingdom', name: UK_IPT },
  {
    country: 'GB',
    line: 'travel',
    rate: '0.20',
    validFrom: '2017-06-01',
    jurisdiction: 'United Kingdom',
    name: { en: 'Insurance Premium Tax (higher rate)', de: 'Insurance Premium Tax (britische Versicherungsteuer, erhöhter Satz)' },
  },
  {
    country: 'DE',
    line: 'any',
    rate: '0.19',
    validFrom: '2007-01-01',
    jurisdiction: 'Germany',
    name: { en: 'German insurance tax (Versicherungsteuer)', de: 'Versicherungsteuer' },
  },
  {
    country: 'IE',
    line: 'any',
    rate: '0.03',
    validFrom: '2009-05-01',
    jurisdiction: 'Ireland',
    name: { en: 'Irish insurance levy', de: 'Irische Versicherungsabgabe (insurance levy)' },
  },
  {
    country: 'NL',
    line: 'any',
    rate: '0.21',
    validFrom: '2013-01-01',
    jurisdiction: 'Netherlands',
    name: { en: 'Dutch insurance premium tax (assurantiebelasting)', de: 'Niederländische Versicherungsteuer (assurantiebelasting)' },
  },
];

export interface TaxChoice {
  country: string;
  jurisdiction: string;
  rate: Decimal;
  name: { en: string; de: string };
}

function inForce(row: TaxRow, on: string): boolean {
  return compareDates(row.validFrom, on) <= 0 && (row.validTo === undefined || compareDates(on, row.validTo) < 0);
}

/** Each row's rate as a Decimal, read from its string once rather than on every rating. */
const rateOf = perObject((row: TaxRow) => money(row.rate));

/** The row for the country, line and date: the line's own row before the country's general one; null when none. */
export function taxFor(country: string, line: LineOfBusiness, on: string, table: readonly TaxRow[] = TAX_TABLE): TaxChoice | null {
  const rows = table.filter((row) => row.country === country && inForce(row, on));
  const row = rows.find((candidate) => candidate.line === line) ?? rows.find((candidate) => candidate.line === 'any');
  return row ? { country, jurisdiction: row.jurisdiction, rate: rateOf(row), name: row.name } : null;
}
