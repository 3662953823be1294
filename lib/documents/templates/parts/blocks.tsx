// Small text building blocks: a titled section, paragraphs, bullet lists and label/value tables.

import type { ReactNode } from 'react';
import { Text, View } from '@react-pdf/renderer';
import type { LabelledValue } from '../../model';
import type { RenderContext } from './context';
import { MUTED, styles } from './theme';

/** `minPresenceAhead` keeps a heading from ending a page alone, away from its first lines. */
export function Section({
  ctx,
  title,
  children,
  keep = false,
}: {
  ctx: RenderContext;
  title: string;
  children: ReactNode;
  keep?: boolean;
}) {
  // `keep` moves a short section to the next page whole rather than splitting it.
  return (
    <View style={styles.section} wrap={!keep}>
      <Text minPresenceAhead={40} style={[styles.sectionTitle, { color: ctx.colors.brand }]}>
        {title}
      </Text>
      {children}
    </View>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? [styles.paragraph, styles.muted] : styles.paragraph}>{children}</Text>;
}

export function BulletList({ items, marker = '•', markerColor = MUTED }: { items: string[]; marker?: string; markerColor?: string }) {
  return (
    <View>
      {items.map((item, index) => (
        <View key={index} wrap={false} style={{ flexDirection: 'row', marginBottom: 3 }}>
          <Text style={{ width: 12, color: markerColor, fontWeight: 700 }}>{marker}</Text>
          <Text style={{ flex: 1 }}>{item}</Text>
        </View>
      ))}
    </View>
  );
}

/** Two columns: the label in grey, the value beside it; rows never split across pages. */
export function KeyValueTable({ rows, labelWidth = '42%' }: { rows: LabelledValue[]; labelWidth?: string }) {
  return (
    <View>
      {rows.map((row, index) => (
        <View key={index} wrap={false} style={styles.tableRow}>
          <Text style={{ width: labelWidth, color: MUTED, paddingRight: 8 }}>{row.label}</Text>
          <Text style={{ flex: 1 }}>{row.value}</Text>
        </View>
      ))}
    </View>
  );
}

/** A shaded grid of key facts (numbers, dates, status), three to a row. */
export function FactGrid({ facts }: { facts: LabelledValue[] }) {
  return (
    <View style={[styles.panel, { flexDirection: 'row', flexWrap: 'wrap', rowGap: 8 }]}>
      {facts.map((fact, index) => (
        <View key={index} style={{ width: '33.33%', paddingRight: 8 }}>
          <Text style={{ fontSize: 7.5, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.4 }}>{fact.label}</Text>
          <Text style={{ fontWeight: 700, marginTop: 1 }}>{fact.value}</Text>
        </View>
      ))}
    </View>
  );
}
