import { formatMoney } from '@/lib/client/format';
import { pageLanguage } from '@/lib/client/language';
import { AMOUNT_PARTS, amountLabel } from '@/lib/client/messages';

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
        {AMOUNT_PARTS.map((key) => (
          <tr key={key} className={key === 'payable' ? 'total' : undefined}>
            <th scope="row">{amountLabel(key, pageLanguage())}</th>
            <td className="num">{formatMoney(amounts[key], currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
