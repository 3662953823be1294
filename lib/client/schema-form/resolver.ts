import { get, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { pageLanguage } from '@/lib/client/language';
import { formatLocaleDate, parseLocaleDate } from '@/lib/client/locale-date';
import { pointerToFieldName } from '@/lib/client/problem';
import type { FieldMessage } from '@/lib/client/types';
import type { JsonSchema } from './json-schema';
import { toPayload } from './values';
import { validateWithSchema } from './validator';

/** Errors by JSON pointer → the nested error object react-hook-form reads (`root` for the document). */
export function toFormErrors(messages: readonly FieldMessage[]): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of messages) {
    const name = pointerToFieldName(path) || 'root.document';
    const tokens = name.split('.');
    let node = errors;
    for (const token of tokens.slice(0, -1)) {
      const next = node[token];
      node = (typeof next === 'object' && next !== null ? next : (node[token] = {})) as Record<string, unknown>;
    }
    const last = tokens.at(-1)!;
    if (!node[last]) node[last] = { type: 'schema', message };
  }
  return errors as FieldErrors;
}

const DATE_SENTENCE = ' must be a calendar date (YYYY-MM-DD)';

/** The local date `days` from today in the browser's zone (`YYYY-MM-DD`). */
function browserDate(days: number, now: Date): string {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/**
 * What the form can say before the server does: a date field's text that is not a date, in the
 * words of the date parser rather than the schema's ISO sentence; a date in `notPast` (inception)
 * that has clearly passed. "Clearly": before yesterday in the browser's zone, as no zone's date is
 * more than a day from another's; the server judges the last day on the tenant's business date.
 */
export function plainDateMessages(
  messages: readonly FieldMessage[],
  values: unknown,
  notPast: readonly string[],
  now = new Date(),
): FieldMessage[] {
  const language = pageLanguage();
  const plain = messages.map(({ path, message }) => {
    const typed: unknown = get(values, pointerToFieldName(path));
    if (!message.endsWith(DATE_SENTENCE) || typeof typed !== 'string') return { path, message };
    const parsed = parseLocaleDate(typed, language);
    return { path, message: parsed.ok ? message : `${message.slice(0, -DATE_SENTENCE.length)}: ${parsed.message}` };
  });
  const earliest = browserDate(-1, now);
  for (const name of notPast) {
    const value: unknown = get(values, name);
    const path = `/${name.replaceAll('.', '/')}`;
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value >= earliest) continue;
    if (plain.some((entry) => entry.path === path)) continue;
    plain.push({ path, message: `${formatLocaleDate(value, language)} has passed: cover can start today at the earliest.` });
  }
  return plain;
}

/**
 * Validates the payload the form would send against the product schema. `prepare` turns the
 * converted values into what is validated (for a change form: the policy with the change applied).
 */
export function schemaResolver<T extends FieldValues>(
  schema: JsonSchema,
  prepare: (payload: unknown) => unknown = (p) => p,
  notPast: readonly string[] = [],
): Resolver<T> {
  return async (values) => {
    const payload = prepare(toPayload(schema, values));
    const messages = plainDateMessages(validateWithSchema(schema, payload), values, notPast);
    return messages.length ? { values: {}, errors: toFormErrors(messages) as FieldErrors<T> } : { values, errors: {} };
  };
}
