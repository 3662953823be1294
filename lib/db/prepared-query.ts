import { hash } from 'node:crypto';

// A statement built with `Prisma.sql`, sent as a named prepared statement (./statement-pipeline.ts):
// parsed once per connection and afterwards only bound to its values, and planned once PostgreSQL's
// plan cache finds its generic plan as good as a custom one (after five runs). The name is derived
// from the text, so one text is one statement on every connection.

/** What `Prisma.sql` gives: the text with `$1`, `$2`… and the values in order. */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/**
 * Names already worked out, by the text's length and then the text. The texts are the code's own
 * statements (values travel apart), so they are few; the bound only keeps a statement built from a
 * varying list from growing them. A statement's text is built anew for each call (a creation's is
 * 2.8 kB): a Map keyed by it would hash all of it every time, while here its length picks the few
 * texts it is compared with, and a comparison stops at the first character that differs.
 */
const namesByLength = new Map<number, { text: string; name: string }[]>();
let namesKept = 0;
const MAX_NAMES = 2_000;

/** `ledger_` and 32 characters of the text's SHA-256: within PostgreSQL's 63-byte names. */
export function statementName(text: string): string {
  let known = namesByLength.get(text.length);
  if (known) for (const entry of known) if (entry.text === text) return entry.name;
  if (namesKept >= MAX_NAMES) {
    namesByLength.clear();
    namesKept = 0;
    known = undefined;
  }
  const name = `ledger_${hash('sha256', text, 'base64url').slice(0, 32)}`;
  if (known) known.push({ text, name });
  else namesByLength.set(text.length, [{ text, name }]);
  namesKept++;
  return name;
}

/**
 * A value as the text of its parameter. The statements give their parameters a type by a cast or by
 * their place (`${id}::uuid`, a column); only the kinds of value whose text is unambiguous are taken.
 * A list becomes an array literal (`${ids}::uuid[]`) of its elements' texts.
 */
export function parameterValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`No parameter for the number ${value}`);
    return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('No parameter for an invalid date');
    return value.toISOString();
  }
  throw new Error(`No parameter for a value of type ${typeof value}`);
}

/** `{"a","b",NULL}`: every element quoted, so commas, braces and spaces in it stay its own. */
function arrayLiteral(elements: readonly unknown[]): string {
  const texts = elements.map((element) => {
    if (Array.isArray(element)) throw new Error('No parameter for a list of lists');
    const text = parameterValue(element);
    return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, '\\$&')}"`;
  });
  return `{${texts.join(',')}}`;
}
