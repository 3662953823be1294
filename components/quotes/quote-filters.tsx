'use client';

import { useState, type FormEvent } from 'react';
import { humanize } from '@/lib/client/format';
import type { Product } from '@/lib/client/types';
import { QUOTE_STATES } from '@/lib/ledger/state-machine';

interface Filters {
  search: string;
  status: string;
  productCode: string;
  renewal: '' | 'due';
}

interface Props extends Filters {
  products: readonly Product[];
  onChange: (filters: Filters) => void;
}

/** Search by customer or number (on submit); filter by status and product (at once). */
export function QuoteFilters({ search, status, productCode, renewal, products, onChange }: Props) {
  // The form holds what was chosen until the address catches up, so two quick changes in a
  // row both count; a new address (Back, a link) replaces it.
  const [draft, setDraft] = useState<Filters>({ search, status, productCode, renewal });
  const addressKey = `${search}\n${status}\n${productCode}\n${renewal}`;
  const [shownKey, setShownKey] = useState(addressKey);
  if (shownKey !== addressKey) {
    setShownKey(addressKey);
    setDraft({ search, status, productCode, renewal });
  }
  const change = (patch: Partial<Filters>) => {
    const next = { ...draft, ...patch, search: (patch.search ?? draft.search).trim() };
    setDraft({ ...draft, ...patch });
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
          value={draft.renewal}
          onChange={(event) => change({ renewal: event.target.value === 'due' ? 'due' : '' })}
        >
          <option value="">All quotes and policies</option>
          <option value="due">Renewals due</option>
        </select>
      </div>
      <button type="submit">Search</button>
    </form>
  );
}
