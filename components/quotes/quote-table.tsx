'use client';

import Link from 'next/link';
import { formatDate, formatMoney, humanize } from '@/lib/client/format';
import type { QuoteListRow } from '@/lib/client/types';
import { parseQuoteSort, type QuoteSort, type QuoteSortColumn } from '@/lib/ledger/quotes/quote-sorts';
import { StatusBadge } from '@/components/ui/status-badge';

/** Where a row leads: the policy page once issued, else the quote page. */
export function recordHref(row: Pick<QuoteListRow, 'id' | 'status'>): string {
  return row.status === 'issued' ? `/policies/${row.id}` : `/quotes/${row.id}`;
}

interface Props {
  rows: readonly QuoteListRow[];
  sort: QuoteSort;
  onSort: (sort: QuoteSort) => void;
}

const COLUMNS: readonly { label: string; column?: QuoteSortColumn; num?: boolean }[] = [
  { label: 'Number', column: 'quoteNumber' },
  { label: 'Customer', column: 'customerName' },
  { label: 'Product', column: 'productCode' },
  { label: 'Status', column: 'status' },
  { label: 'Inception', column: 'dateInception' },
  { label: 'Payable', num: true },
];

export function QuoteTable({ rows, sort, onSort }: Props) {
  const current = parseQuoteSort(sort);
  return (
    <div className="table-scroll">
      <table className="stack-on-phone sortable">
        <caption className="visually-hidden">Quotes and policies; the column headers sort</caption>
        <thead>
          <tr>
            {COLUMNS.map(({ label, column, num }) => {
              const sorted = column !== undefined && current.column === column;
              // A first click sorts ascending; a click on the sorted column turns it round.
              const next: QuoteSort | undefined = column && (sorted && current.direction === 'asc' ? `-${column}` : column);
              return (
                <th
                  key={label}
                  scope="col"
                  className={num ? 'num' : undefined}
                  aria-sort={sorted ? (current.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {next ? (
                    <button type="button" className="sort-button" onClick={() => onSort(next)}>
                      {label}
                      <span aria-hidden="true" className="sort-mark">
                        {sorted ? (current.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Number">
                <Link href={recordHref(row)}>{row.policyNumber ?? row.quoteNumber}</Link>
              </td>
              <td data-label="Customer">{row.customerName}</td>
              <td data-label="Product">{humanize(row.productCode)}</td>
              <td data-label="Status">
                {/* The label is the status the filter names; an issued policy's own state follows it. */}
                <StatusBadge status={row.status} />
                {row.status === 'issued' && row.policyStatus ? (
                  <span className="muted"> · policy {humanize(row.policyStatus).toLowerCase()}</span>
                ) : null}
                {row.renewalOf ? <span className="muted"> · renewal</span> : null}
                {row.overdue ? (
                  <span className="overdue">
                    {' '}
                    · {formatMoney(row.overdue.amount, row.overdue.currency)} overdue since {formatDate(row.overdue.oldestDueDate)}
                  </span>
                ) : null}
              </td>
              <td data-label="Inception">{formatDate(row.dateInception)}</td>
              <td data-label="Payable" className="num">
                {formatMoney(row.payable, row.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
