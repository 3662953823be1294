// The payment schedule: sequence, due date and amount, with the total that equals the payable.

import { Text, View } from '@react-pdf/renderer';
import type { InstalmentLine } from '../../model';
import type { RenderContext } from './context';
import { styles } from './theme';

const NO_WIDTH = 40;
const AMOUNT_WIDTH = 110;

export function InstalmentTable({ ctx, instalments }: { ctx: RenderContext; instalments: InstalmentLine[] }) {
  const { t } = ctx;
  // Summed in cents: the ledger's instalments are whole cents, and float addition of
  // twelve amounts can otherwise print a total a cent off.
  const totalCents = instalments.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
  return (
    <View>
      <View style={styles.tableHead} wrap={false}>
        <Text style={{ width: NO_WIDTH }}>{t.instalmentNo}</Text>
        <Text style={{ flex: 1 }}>{t.dueDate}</Text>
        <Text style={[styles.amount, { width: AMOUNT_WIDTH }]}>{t.amount}</Text>
      </View>
      {instalments.map((line) => (
        <View key={line.sequence} style={styles.tableRow} wrap={false}>
          <Text style={[styles.amount, { width: NO_WIDTH, textAlign: 'left' }]}>{line.sequence}</Text>
          <Text style={{ flex: 1 }}>{ctx.date(line.dueDate)}</Text>
          <Text style={[styles.amount, { width: AMOUNT_WIDTH }]}>{ctx.money(line.amount)}</Text>
        </View>
      ))}
      <View style={styles.totalRow} wrap={false}>
        <Text style={{ width: NO_WIDTH }} />
        <Text style={{ flex: 1 }}>{t.total}</Text>
        <Text style={[styles.amount, { width: AMOUNT_WIDTH }]}>{ctx.money(totalCents / 100)}</Text>
      </View>
    </View>
  );
}
