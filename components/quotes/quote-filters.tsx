'use client';

import { useState, type FormEvent } from 'react';
import { humanize } from '@/lib/client/format';
import { DateField } from '@/components/ui/date-field';
import type { Product } from '@/lib/client/types';
import { QUOTE_STATES } from '@/lib/ledger/state-machine';

interface Filters {
  search: string;
  status: string;
  productCode: string;
  renewal: '' | 'due';
  payment: '' | 'overdue';
  inceptionFrom: string;
  inceptionTo: string;
  createdFrom: string;
  createdTo: string;
}

const FILTER_NAMES = [
  'search',
  'status',
  'productCode',
  'renewal',
  'payment',
  'inceptionFrom',
  'inceptionTo',
  'createdFrom',
  'createdTo',
] as const;

const RANGES = [
  { from: 'inceptionFrom', to: 'inceptionTo', legend: 'Inception', what: 'inception' },
  { from: 'createdFrom', to: 'createdTo', legend: 'Created', what: 'creation' },
] as const;

/** What the "Show" choice reads as in the filters. */
function viewOf(filters: Pick<Filters, 'renewal' | 'payment'>): string {
  return filters.payment === 'overdue' ? 'overdue' : filters.renewal === 'due' ? 'due' : '';
}

interface Props extends Filters {
  products: readonly Product[];
  onChange: (filters: Filters) => void;
}

/** Search by customer or number (on submit); filter by status, product, view (at once) and dates (once one reads as a date). */
export function QuoteFilters({ products, onChange, ...current }: Props) {
  // The form holds what was chosen until the address catches up, so two quick changes in a
  // row both count; a new address (Back, a link) replaces it.
  const [draft, setDraft] = useState<Filters>(current);
  const addressKey = FILTER_NAMES.map((name) => current[name]).join('\n');
  const [shownKey, setShownKey] = useState(addressKey);
  if (shownKey !== addressKey) {
    setShownKey(addressKey);
    setDraft(current);
  }
  const change = (patch: Partial<Filters>) => {
    const next = { ...draft, ...patch, search: (patch.search ?? draft.search).trim() };
    setDraft({ ...draft, ...patch });
    // A range that ends before it starts waits for the person to put it right (said under the field).
    if (RANGES.some(({ from, to }) => next[from] && next[to] && next[to] < next[from])) return;
    onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };
  return (
    <form className="filters" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor="quote-search">Customer or number</label>
        <input
          id="quote-search"
          type="search"
          value={draft.search}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="quote-status">Status</label>
        <select id="quote-status" value={draft.status} onChange={(event) => change({ status: event.target.value })}>
          <option value="">Any status</option>
          {QUOTE_STATES.map((value) => (
            <option key={value} value={value}>
              {humanize(value)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="quote-product">Product</label>
        <select id="quote-product" value={draft.productCode} onChange={(event) => change({ productCode: event.target.value })}>
          <option value="">Any product</option>
          {products.map((product) => (
            <option key={product.code} value={product.code}>
              {product.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="quote-renewal">Show</label>
        <select
          id="quote-renewal"
          value={viewOf(draft)}
          onChange={(event) =>
            change({
              renewal: event.target.value === 'due' ? 'due' : '',
              payment: event.target.value === 'overdue' ? 'overdue' : '',
            })
          }
        >
          <option value="">All quotes and policies</option>
          <option value="due">Renewals due</option>
          <option value="overdue">Overdue payments</option>
        </select>
      </div>
      {/* Folded away until used, so on a phone the list starts near the top of the screen. */}
      <details className="date-filters" open={RANGES.some(({ from, to }) => current[from] || current[to]) || undefined}>
        <summary>Dates</summary>
        <div className="date-ranges">
          {RANGES.map(({ from, to, legend, what }) => (
            <fieldset key={from} className="date-range">
              <legend>{legend}</legend>
              <DateField
                id={`quote-${from}`}
                label="From"
                value={draft[from]}
                onChange={(iso) => iso !== null && iso !== draft[from] && change({ [from]: iso })}
              />
              <DateField
                id={`quote-${to}`}
                label="To"
                value={draft[to]}
                onChange={(iso) => iso !== null && iso !== draft[to] && change({ [to]: iso })}
                error={
                  draft[from] && draft[to] && draft[to] < draft[from]
                    ? `The ${what} range ends before it starts: choose a date on or after the From date.`
                    : undefined
                }
              />
            </fieldset>
          ))}
        </div>
      </details>
      <button type="submit">Search</button>
    </form>
  );
}
