// The premium breakdown of DOMAIN §2: net, tax, fee and surcharge add up to the payable; the
// commissions are disclosed as parts of the net premium, below the sum and never added to it.

import { Text, View } from '@react-pdf/renderer';
import type { PremiumBreakdown as Premium } from '../../model';
import { AmountTable, type AmountRow } from './amounts';
import type { RenderContext } from './context';
import { styles } from './theme';

function payableRows(ctx: RenderContext, premium: Premium): AmountRow[] {
  const { t } = ctx;
  const rows: AmountRow[] = [
    { label: t.netPremium, amount: premium.net },
    { label: t.taxWithRate(premium.taxLabel ?? t.insuranceTax, ctx.percent(premium.taxRate)), amount: premium.tax },
    { label: t.adminFee, amount: premium.adminFee },
  ];
  if (premium.instalmentSurcharge) rows.push({ label: t.instalmentSurcharge, amount: premium.instalmentSurcharge });
  rows.push({ label: t.payable, amount: premium.payable, kind: 'total' });
  return rows;
}

export function PremiumTable({ ctx, premium, withCommission = true }: { ctx: RenderContext; premium: Premium; withCommission?: boolean }) {
  const { t } = ctx;
  return (
    <View>
      {/* The sum is read as one block: never split between two pages. */}
      <View wrap={false}>
        <AmountTable ctx={ctx} rows={payableRows(ctx, premium)} heading={[t.description, t.amount]} />
      </View>
      {withCommission && (
        <View wrap={false} style={{ marginTop: 6 }}>
          <Text style={[styles.small, styles.bold]}>{t.commissionHeading}</Text>
          <AmountTable
            ctx={ctx}
            rows={[
              { label: t.brokerCommission, amount: premium.brokerCommission, kind: 'info' },
              { label: t.mgaCommission, amount: premium.mgaCommission, kind: 'info' },
            ]}
          />
        </View>
      )}
    </View>
  );
}
