import { stringify } from 'csv-stringify/sync';
import { BORDEREAU_COLUMNS, type Bordereau } from './bordereau';

// The bordereau as CSV (RFC 4180, quoted where needed by csv-stringify): a header, one row per
// transaction, then one TOTAL row per currency. Amounts with two decimals, as the journal has them.

const AMOUNT_COLUMNS: ReadonlySet<string> = new Set(['gross', 'netPremium', 'tax', 'fees', 'brokerCommission', 'mgaCommission', 'insurerNet']);

export function bordereauCsv(bordereau: Bordereau): string {
  const cell = (column: string, value: unknown) => (AMOUNT_COLUMNS.has(column) ? Number(value).toFixed(2) : String(value ?? ''));
  const rows = bordereau.lines.map((line) => BORDEREAU_COLUMNS.map((column) => cell(column, line[column])));
  const totals = bordereau.totals.map((total) =>
    BORDEREAU_COLUMNS.map((column) =>
      column === 'transaction'
        ? 'TOTAL'
        : column === 'currency'
          ? total.currency
          : column === 'documentNumber'
            ? `${total.lines} lines`
            : AMOUNT_COLUMNS.has(column)
              ? cell(column, total[column as keyof typeof total])
              : '',
    ),
  );
  return stringify([[...BORDEREAU_COLUMNS], ...rows, ...totals], { record_delimiter: 'windows' });
}
