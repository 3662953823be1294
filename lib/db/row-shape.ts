import { ledgerTypes } from './pg-types';

// How the rows of one prepared statement are built, worked out once from its RowDescription and
// kept while the statement stays prepared on its connection (./statement-pipeline.ts), so that its
// later runs need neither ask for the description again nor have it parsed. node-postgres builds
// the same per result: for a quote read (28 columns) that took 23 µs of the app's thread a request,
// and its rows, each cloned from a template made anew every time, came out with a hidden class of
// their own (`node --import tsx bench/profile.ts read`).

/** A column as node-postgres' protocol parser reads it from a RowDescription. */
export interface ColumnDescription {
  readonly name: string;
  readonly dataTypeID: number;
}

export interface RowShape {
  /** How many values each of its rows carries. */
  readonly columns: number;
  /** The row as an object by column name, each value parsed as its type's text. */
  build(values: readonly (string | null)[]): Record<string, unknown>;
}

/** A statement that returns no rows (BEGIN, an UPDATE without RETURNING). */
export const NO_COLUMNS: RowShape = {
  columns: 0,
  build: () => ({}),
};

/**
 * The shape of the rows described. Every row is a copy of one template holding each column (a
 * later column of the same name wins, as in node-postgres); copies of it share its hidden class,
 * and the template is built with `Object.fromEntries` so that a column named `__proto__` is a
 * column like any other.
 */
export function rowShape(columns: readonly ColumnDescription[]): RowShape {
  if (columns.length === 0) return NO_COLUMNS;
  const names = columns.map((column) => column.name);
  const parsers = columns.map((column) => ledgerTypes.getTypeParser(column.dataTypeID, 'text') as (text: string) => unknown);
  const template: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, null]));
  return {
    columns: names.length,
    build(values) {
      const row = { ...template };
      for (let index = 0; index < names.length; index++) {
        const value = values[index];
        row[names[index]!] = value === null || value === undefined ? null : parsers[index]!(value);
      }
      return row;
    },
  };
}
