import type { FieldError } from '@/lib/errors';
import { mandatoryForBind } from '@/lib/products/mandatory-for-bind';
import { keepRecent, takeRecent } from '@/lib/recently-used';
import { quotePayload, type QuoteViewRecord } from './quote-record';

// What bind would refuse today, as the quote read lists it under `errors`. Brokers' pages and
// integrations read a quote far more often than they change it, and the answer depends only on
// the quote's data and the local date: it is worked out once per revision and day. Every change of
// a quote's data raises its `revision` (the ETag counts on that too), so a new revision or a new
// day is a new key and nothing stale is ever answered.

/** Answers kept in this process; the least recently read leave first. */
export const BIND_ERRORS_ENTRIES_MAX = 2_000;

const answers = new Map<string, readonly FieldError[]>();

export function bindErrorsOf(row: Pick<QuoteViewRecord, 'id' | 'revision' | 'productCode' | 'data'>, today: string): readonly FieldError[] {
  const key = `${row.id}:${row.revision}:${today}`;
  const known = takeRecent(answers, key);
  if (known) return known;
  const errors = Object.freeze(mandatoryForBind(row.productCode, quotePayload(row), today));
  keepRecent(answers, key, errors, BIND_ERRORS_ENTRIES_MAX);
  return errors;
}
