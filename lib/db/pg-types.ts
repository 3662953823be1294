import pg from 'pg';

// How rows read with node-postgres directly (the one-message paths) are parsed: as Prisma reads
// them, so a row has the same values whichever path read it.

const DATE_OID = 1082;
const parseDate = (value: string) => new Date(`${value}T00:00:00Z`);

/** A DATE is midnight UTC, as Prisma reads it (node-postgres would take local midnight). */
export const ledgerTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === DATE_OID ? parseDate : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};
