'use client';

import { formatDate, humanize } from '@/lib/client/format';
import { useInstallmentsView } from '@/lib/client/policy-queries';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';

const AMOUNTS = ['premium', 'tax', 'adminFee', 'brokerCommission', 'mgaCommission', 'insurerNet', 'payable'] as const;

/** Invoices and credit notes with every part of the premium, the instalments and the totals. */
export function InvoicesView({ id }: { id: string }) {
  const view = useInstallmentsView(id);
  if (view.isPending) return <Loading label="Loading invoices…" />;
  if (!view.data) return <ProblemAlert error={view.error} />;
  const { invoices, instalments, totals, labels } = view.data.data;
  const label = (key: string) => labels[key] ?? humanize(key);
  return (
    <section className="panel" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoices and instalments</h2>
      <div className="table-scroll">
        <table data-testid="invoices" className="stack-on-phone">
          <caption>Invoices and credit notes</caption>
          <thead>
            <tr>
              <th scope="col">{label('invoiceNumber')}</th>
              {AMOUNTS.map((key) => (
                <th key={key} scope="col" className="num">
                  {label(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.invoiceNumber}>
                <td data-label={label('invoiceNumber')}>
                  {invoice.invoiceNumber}
                  <div className="hint">{humanize(invoice.kind)}</div>
                </td>
                {AMOUNTS.map((key) => (
                  <td key={key} className="num" data-label={label(key)}>
                    {invoice.formatted[key] ?? String(invoice[key] ?? '')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="total">
              <th scope="row">Total</th>
              {AMOUNTS.map((key) => (
                <td key={key} className="num" data-label={label(key)}>
                  {totals.formatted[key] ?? ''}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="table-scroll">
        <table data-testid="instalments" className="stack-on-phone">
          <caption>Instalments (still to pay: {totals.formatted.open})</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{label('invoiceNumber')}</th>
              <th scope="col">{label('dueDate')}</th>
              <th scope="col">{label('status')}</th>
              <th scope="col" className="num">
                {label('payable')}
              </th>
              <th scope="col" className="num">
                Paid
              </th>
              <th scope="col" className="num">
                Outstanding
              </th>
            </tr>
          </thead>
          <tbody>
            {instalments.map((instalment) => (
              <tr key={`${instalment.invoiceNumber}-${instalment.sequence}`}>
                <td data-label="#">{instalment.sequence}</td>
                <td data-label={label('invoiceNumber')}>{instalment.invoiceNumber}</td>
                <td data-label={label('dueDate')}>
                  {/* Not the document country's short format (01/07/2026 vs 07/01): the pages print dates unambiguously. */}
                  {typeof instalment.dueDate === 'string' ? formatDate(instalment.dueDate) : instalment.formatted.dueDate}
                </td>
                <td data-label={label('status')} data-testid={`instalment-state-${instalment.sequence}`}>
                  {humanize(instalment.state ?? instalment.status)}
                </td>
                <td className="num" data-label={label('payable')}>
                  {instalment.formatted.payable}
                </td>
                <td className="num" data-label="Paid">
                  {instalment.formatted.paid}
                </td>
                <td className="num" data-label="Outstanding">
                  {instalment.formatted.outstanding}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
