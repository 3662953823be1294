// The orders the quotes list offers: a column name, ascending, or with a leading `-`, descending.
// Payable is not among them: it lives inside the calculation's JSON, which the database cannot index.
export const QUOTE_SORT_COLUMNS = ['createdAt', 'quoteNumber', 'customerName', 'productCode', 'status', 'dateInception'] as const;
export type QuoteSortColumn = (typeof QUOTE_SORT_COLUMNS)[number];

export const QUOTE_SORTS = QUOTE_SORT_COLUMNS.flatMap((column) => [column, `-${column}`] as const);
export type QuoteSort = QuoteSortColumn | `-${QuoteSortColumn}`;

export function parseQuoteSort(sort: QuoteSort): { column: QuoteSortColumn; direction: 'asc' | 'desc' } {
  return sort.startsWith('-')
    ? { column: sort.slice(1) as QuoteSortColumn, direction: 'desc' }
    : { column: sort as QuoteSortColumn, direction: 'asc' };
}
