import type { Prisma } from '@/lib/db/client';

// A value for a jsonb column goes through JSON on its way in (fields that are undefined dropped,
// dates as ISO text), so the row a write answers holds what a later read of the column will give.

/** A value for a jsonb column written with SQL: its text for the statement, and the value a read of the column gives back. */
export function jsonColumn(value: unknown): { text: string; stored: Prisma.JsonValue } {
  const text = JSON.stringify(value);
  return { text, stored: JSON.parse(text) as Prisma.JsonValue };
}

/** The value as a jsonb column stores it and gives it back. */
export function asStoredJson(value: unknown): Prisma.JsonValue {
  return jsonColumn(value).stored;
}

/** The same, as Prisma's input for a jsonb column (for writes still made through Prisma's client). */
export function asJsonInput(value: unknown): Prisma.InputJsonValue {
  return asStoredJson(value) as Prisma.InputJsonValue;
}
