import { formatMoney, formatPercent } from '@/lib/client/format';
import type { Calculation } from '@/lib/client/types';
import { pageLanguage } from '@/lib/client/language';
import { formatFactor } from '@/lib/client/messages';

/** The premium and where it comes from: rating steps, then net → tax, fees → payable, and who earns what. */
export function PremiumBreakdown({ calculation }: { calculation: Calculation }) {
  const { data, fields } = calculation;
  const money = (amount: number) => formatMoney(amount, data.currency);
  const rows: [string, number, string?][] = [
    ['Net premium', data.net],
    [`Insurance premium tax (${formatPercent(data.taxRate)}, ${data.taxCountry})`, data.tax],
    ['Administrative fee', data.adminFee],
    ...(data.instalmentSurcharge ? ([[`Instalment surcharge (${data.paymentPlan})`, data.instalmentSurcharge]] as [string, number][]) : []),
  ];
  return (
    <section className="panel" aria-labelledby="premium-title">
      <h2 id="premium-title">Premium</h2>
      <p className="headline">
        <span className="muted">Payable</span> <strong data-testid="payable">{money(data.payable)}</strong>
        <span className="muted"> for {data.termDays} days</span>
      </p>
      <div className="table-scroll">
        <table>
          <caption>Breakdown</caption>
          <tbody>
            {rows.map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="num">{money(amount)}</td>
              </tr>
            ))}
            <tr className="total">
              <th scope="row">Payable</th>
              <td className="num">{money(data.payable)}</td>
            </tr>
            <tr>
              <th scope="row">Broker commission ({formatPercent(data.brokerCommissionRate)})</th>
              <td className="num">{money(data.brokerCommission)}</td>
            </tr>
            <tr>
              <th scope="row">MGA commission ({formatPercent(data.mgaCommissionRate)})</th>
              <td className="num">{money(data.mgaCommission)}</td>
            </tr>
            <tr>
              <th scope="row">Insurer net</th>
              <td className="num">{money(data.insurerNet)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {fields.length > 0 && (
        <details>
          <summary>How the net premium was rated ({fields.length} steps)</summary>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col" className="num">
                    Factor
                  </th>
                  <th scope="col" className="num">
                    Premium after
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field, index) => (
                  <tr key={`${field.field}-${index}`}>
                    <td>{field.label}</td>
                    <td className="num">{field.effect === 'base' ? '—' : formatFactor(field.factor, pageLanguage())}</td>
                    <td className="num">{money(field.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
