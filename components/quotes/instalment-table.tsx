import { formatDate, formatMoney, humanize } from '@/lib/client/format';
import type { Instalment } from '@/lib/client/types';

export function InstalmentTable({ instalments, total, currency }: { instalments: readonly Instalment[]; total: number; currency: string }) {
  const withStatus = instalments.some((instalment) => instalment.status && instalment.status !== 'planned');
  return (
    <div className="table-scroll">
      <table data-testid="instalments" className="stack-on-phone">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Due</th>
            {withStatus && <th scope="col">Status</th>}
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {instalments.map((instalment) => (
            <tr key={instalment.sequence}>
              <td data-label="#">{instalment.sequence}</td>
              <td data-label="Due">
                {formatDate(instalment.dueDate)}
                {instalment.includesAdminFee && <span className="muted"> (with the fee)</span>}
              </td>
              {withStatus && <td data-label="Status">{humanize(instalment.status ?? '')}</td>}
              <td className="num" data-label="Amount">
                {formatMoney(instalment.amount, currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="total">
            <th scope="row" colSpan={withStatus ? 3 : 2}>
              Total
            </th>
            <td className="num" data-label="Total">
              {formatMoney(total, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
