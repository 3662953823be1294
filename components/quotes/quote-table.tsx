import Link from 'next/link';
import { formatDate, formatMoney, humanize } from '@/lib/client/format';
import type { QuoteListRow } from '@/lib/client/types';
import { StatusBadge } from '@/components/ui/status-badge';

/** Where a row leads: the policy page once issued, else the quote page. */
export function recordHref(row: Pick<QuoteListRow, 'id' | 'status'>): string {
  return row.status === 'issued' ? `/policies/${row.id}` : `/quotes/${row.id}`;
}

export function QuoteTable({ rows }: { rows: readonly QuoteListRow[] }) {
  return (
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">Quotes and policies, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Customer</th>
            <th scope="col">Product</th>
            <th scope="col">Status</th>
            <th scope="col">Inception</th>
            <th scope="col" className="num">
              Payable
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link href={recordHref(row)}>{row.policyNumber ?? row.quoteNumber}</Link>
              </td>
              <td>{row.customerName}</td>
              <td>{humanize(row.productCode)}</td>
              <td>
                <StatusBadge status={row.policyStatus && row.status === 'issued' ? row.policyStatus : row.status} />
              </td>
              <td>{formatDate(row.dateInception)}</td>
              <td className="num">{formatMoney(row.payable, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
