'use client';

import { useState, type FormEvent } from 'react';
import { humanize } from '@/lib/client/format';
import { QUOTE_STATES } from '@/lib/ledger/state-machine';

interface Props {
  search: string;
  status: string;
  onChange: (filters: { search: string; status: string }) => void;
}

/** Search by customer or number (on submit) and filter by status (at once). */
export function QuoteFilters({ search, status, onChange }: Props) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: text.trim(), status });
  };
  return (
    <form className="filters" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor="quote-search">Customer or number</label>
        <input id="quote-search" type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="quote-status">Status</label>
        <select id="quote-status" value={status} onChange={(event) => onChange({ search: text.trim(), status: event.target.value })}>
          <option value="">Any status</option>
          {QUOTE_STATES.map((value) => (
            <option key={value} value={value}>
              {humanize(value)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Search</button>
    </form>
  );
}
