import { QUOTE_SORTS, type QuoteSort } from '@/lib/ledger/quotes/quote-sorts';
import { QUOTE_STATES } from '@/lib/ledger/state-machine';

// The quotes list's state lives in the address, so Back, reload and a shared link all return
// to the same page of the same filtered, sorted list. Anything unknown in the address is dropped
// rather than sent to the API to be refused.

export interface QuoteListParams {
  search: string;
  status: string;
  productCode: string;
  /** `due`: the renewal quotes still to be worked (the renewals view of the list). */
  renewal: '' | 'due';
  sort: QuoteSort;
  page: number;
}

export const DEFAULT_SORT: QuoteSort = '-createdAt';
const PAGE_MAX = 100_000;
const SEARCH_LENGTH_MAX = 100;

interface Readable {
  get(name: string): string | null;
}

export function readListParams(query: Readable): QuoteListParams {
  const status = query.get('status') ?? '';
  const sort = query.get('sort') ?? '';
  const page = Number(query.get('page'));
  return {
    search: (query.get('search') ?? '').slice(0, SEARCH_LENGTH_MAX),
    status: (QUOTE_STATES as readonly string[]).includes(status) ? status : '',
    productCode: /^[a-z0-9-]{1,40}$/.test(query.get('product') ?? '') ? query.get('product')! : '',
    renewal: query.get('renewal') === 'due' ? 'due' : '',
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
  if (params.sort !== DEFAULT_SORT) query.set('sort', params.sort);
  if (params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
