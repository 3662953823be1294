// A label/amount table: amounts right-aligned in tabular figures, a ruled bold total, and muted
// information rows that are shown but not part of the sum (commissions, a kept fee).

import { Text, View } from '@react-pdf/renderer';
import type { Amount } from '../../model';
import type { RenderContext } from './context';
import { MUTED, styles } from './theme';

export interface AmountRow {
  label: string;
  amount: Amount;
  /** `total` draws the sum line; `info` is a grey row outside the sum. */
  kind?: 'line' | 'total' | 'info';
  /** A short explanation under the label, e.g. the pro-rata basis. */
  note?: string;
}

const AMOUNT_WIDTH = 110;

export function AmountTable({ ctx, rows, heading }: { ctx: RenderContext; rows: AmountRow[]; heading?: [string, string] }) {
  return (
    <View>
      {heading && (
        <View style={styles.tableHead} wrap={false}>
          <Text style={{ flex: 1 }}>{heading[0]}</Text>
          <Text style={[styles.amount, { width: AMOUNT_WIDTH }]}>{heading[1]}</Text>
        </View>
      )}
      {rows.map((row, index) => {
        const kind = row.kind ?? 'line';
        const rowStyle =
          kind === 'total' ? styles.totalRow : kind === 'info' ? [styles.tableRow, { color: MUTED, fontSize: 8.5 }] : styles.tableRow;
        return (
          <View key={index} style={rowStyle} wrap={false}>
            <View style={{ flex: 1, paddingRight: 8 }}>
              <Text>{row.label}</Text>
              {row.note && <Text style={styles.small}>{row.note}</Text>}
            </View>
            <Text style={[styles.amount, { width: AMOUNT_WIDTH }]}>{ctx.money(row.amount)}</Text>
          </View>
        );
      })}
    </View>
  );
}
