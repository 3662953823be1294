import { formatMoney, humanize } from '@/lib/client/format';

export interface Amounts {
  net: number;
  tax: number;
  fees: number;
  brokerCommission: number;
  mgaCommission: number;
  insurerNet: number;
  payable: number;
}

/** A premium movement by part (MTA adjustment or termination refund). */
export function AmountsTable({ caption, amounts, currency }: { caption: string; amounts: Amounts; currency: string }) {
  return (
    <table>
      <caption>{caption}</caption>
      <tbody>
        {(['net', 'tax', 'fees', 'brokerCommission', 'mgaCommission', 'insurerNet', 'payable'] as const).map((key) => (
          <tr key={key} className={key === 'payable' ? 'total' : undefined}>
            <th scope="row">{humanize(key)}</th>
            <td className="num">{formatMoney(amounts[key], currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
