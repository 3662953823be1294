import { QUOTE_SORTS, type QuoteSort } from '@/lib/ledger/quotes/quote-sorts';
import { QUOTE_STATES } from '@/lib/ledger/state-machine';
import { parseLocaleDate } from './locale-date';

// The quotes list's state lives in the address, so Back, reload and a shared link all return
// to the same page of the same filtered, sorted list. Anything unknown in the address is dropped
// rather than sent to the API to be refused.

export interface QuoteListParams {
  search: string;
  status: string;
  productCode: string;
  /** `due`: the renewal quotes still to be worked (the renewals view of the list). */
  renewal: '' | 'due';
  /** `overdue`: the policies with an instalment past its due date (the arrears view). */
  payment: '' | 'overdue';
  /** ISO dates, both ends included; '' for no bound. */
  inceptionFrom: string;
  inceptionTo: string;
  createdFrom: string;
  createdTo: string;
  sort: QuoteSort;
  page: number;
}

export const DEFAULT_SORT: QuoteSort = '-createdAt';
const PAGE_MAX = 100_000;
const SEARCH_LENGTH_MAX = 100;

interface Readable {
  get(name: string): string | null;
}

/** An ISO calendar date from the address, or '' for anything else. */
function isoDateOf(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const parsed = parseLocaleDate(value, 'en');
  return parsed.ok ? parsed.iso : '';
}

/** A range as the API takes it: an end before the start is dropped (the API would refuse it). */
function rangeOf(from: string, to: string): [string, string] {
  return from && to && to < from ? [from, ''] : [from, to];
}

export function readListParams(query: Readable): QuoteListParams {
  const status = query.get('status') ?? '';
  const sort = query.get('sort') ?? '';
  const page = Number(query.get('page'));
  const [inceptionFrom, inceptionTo] = rangeOf(isoDateOf(query.get('inceptionFrom')), isoDateOf(query.get('inceptionTo')));
  const [createdFrom, createdTo] = rangeOf(isoDateOf(query.get('createdFrom')), isoDateOf(query.get('createdTo')));
  return {
    search: (query.get('search') ?? '').slice(0, SEARCH_LENGTH_MAX),
    status: (QUOTE_STATES as readonly string[]).includes(status) ? status : '',
    productCode: /^[a-z0-9-]{1,40}$/.test(query.get('product') ?? '') ? query.get('product')! : '',
    renewal: query.get('renewal') === 'due' ? 'due' : '',
    payment: query.get('payment') === 'overdue' ? 'overdue' : '',
    inceptionFrom,
    inceptionTo,
    createdFrom,
    createdTo,
    sort: (QUOTE_SORTS as readonly string[]).includes(sort) ? (sort as QuoteSort) : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** The address's query string for these params; defaults are left out so the plain list stays `/quotes`. */
export function writeListParams(params: QuoteListParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  if (params.productCode) query.set('product', params.productCode);
  if (params.renewal) query.set('renewal', params.renewal);
  if (params.payment) query.set('payment', params.payment);
  for (const name of ['inceptionFrom', 'inceptionTo', 'createdFrom', 'createdTo'] as const) {
    if (params[name]) query.set(name, params[name]);
  }
  if (params.sort !== DEFAULT_SORT) query.set('sort', params.sort);
  if (params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
