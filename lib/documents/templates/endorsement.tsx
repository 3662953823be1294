// The endorsement (Nachtrag) of a mid-term adjustment or a data change: what changed, from when,
// and the pro-rata premium adjustment of DOMAIN §4.

import { Text, View } from '@react-pdf/renderer';
import { requireSection, type AdjustmentSection } from '../model';
import { AmountTable, type AmountRow } from './parts/amounts';
import { Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { InstalmentTable } from './parts/instalments';
import { Parties } from './parts/parties';
import { ReferenceBlock } from './parts/reference';
import { MUTED, styles } from './parts/theme';

function ChangesTable({ ctx, adjustment }: { ctx: RenderContext; adjustment: AdjustmentSection }) {
  const { t } = ctx;
  return (
    <View>
      <View style={styles.tableHead} wrap={false}>
        <Text style={{ width: '34%' }}>{t.changeItem}</Text>
        <Text style={{ width: '33%' }}>{t.changeBefore}</Text>
        <Text style={{ width: '33%' }}>{t.changeAfter}</Text>
      </View>
      {adjustment.changes.map((change, index) => (
        <View key={index} style={styles.tableRow} wrap={false}>
          <Text style={{ width: '34%', paddingRight: 8 }}>{change.field}</Text>
          <Text style={{ width: '33%', paddingRight: 8, color: MUTED }}>{change.before}</Text>
          <Text style={{ width: '33%', fontWeight: 700 }}>{change.after}</Text>
        </View>
      ))}
    </View>
  );
}

function adjustmentRows(ctx: RenderContext, adjustment: AdjustmentSection): AmountRow[] {
  const { t } = ctx;
  const rows: AmountRow[] = [];
  if (adjustment.annualNetBefore !== undefined) rows.push({ label: t.annualNetBefore, amount: adjustment.annualNetBefore, kind: 'info' });
  if (adjustment.annualNetAfter !== undefined) rows.push({ label: t.annualNetAfter, amount: adjustment.annualNetAfter, kind: 'info' });
  rows.push(
    { label: t.netDelta, amount: adjustment.netDelta, note: t.proRata(adjustment.daysRemaining, adjustment.daysInTerm) },
    { label: t.taxDelta, amount: adjustment.taxDelta },
  );
  // A return premium is printed as a positive amount under a label that says who receives it.
  const refund = adjustment.total < 0;
  rows.push({ label: refund ? t.returnDue : t.additionalDue, amount: Math.abs(adjustment.total), kind: 'total' });
  return rows;
}

export function Endorsement({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  const adjustment = requireSection(model, 'adjustment', model.adjustment);
  const noMoney = adjustment.total === 0 && adjustment.netDelta === 0;
  return (
    <DocumentFrame ctx={ctx}>
      <Paragraph>{t.endorsementIntro(ctx.date(adjustment.effectiveDate))}</Paragraph>
      <ReferenceBlock ctx={ctx} facts={['policyNumber', 'version', 'effectiveFrom', 'issuedOn', 'inception', 'expiry']} />
      <Parties ctx={ctx} />
      <Section ctx={ctx} title={t.changes}>
        <ChangesTable ctx={ctx} adjustment={adjustment} />
      </Section>
      <Section ctx={ctx} title={t.premiumAdjustment}>
        {noMoney ? <Paragraph>{t.noPremiumChange}</Paragraph> : <AmountTable ctx={ctx} rows={adjustmentRows(ctx, adjustment)} />}
      </Section>
      {!noMoney && model.instalments && model.instalments.length > 0 && (
        <Section ctx={ctx} title={t.instalmentPlan}>
          <InstalmentTable ctx={ctx} instalments={model.instalments} />
        </Section>
      )}
    </DocumentFrame>
  );
}
