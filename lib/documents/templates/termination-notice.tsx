// The termination notice with its credit note (DOMAIN §5): when cover ends, why, how the refund
// was calculated, and the amount credited.

import { Text, View } from '@react-pdf/renderer';
import { translateCode } from '../labels';
import { requireSection, type TerminationSection } from '../model';
import { AmountTable, type AmountRow } from './parts/amounts';
import { FactGrid, KeyValueTable, Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { Parties } from './parts/parties';
import { ReferenceBlock } from './parts/reference';
import { styles } from './parts/theme';

function refundRows(ctx: RenderContext, termination: TerminationSection): AmountRow[] {
  const { t } = ctx;
  const { daysRemaining, daysInTerm } = termination;
  const basis = daysRemaining !== undefined && daysInTerm !== undefined ? t.proRata(daysRemaining, daysInTerm) : undefined;
  return [
    { label: t.returnNet, amount: termination.returnNet, note: basis },
    { label: t.returnTax, amount: termination.returnTax },
    ...(termination.returnFees ? [{ label: t.returnFees, amount: termination.returnFees }] : []),
    { label: t.totalRefund, amount: termination.total, kind: 'total' },
    { label: t.feeKept, amount: termination.feeKept, kind: 'info' },
  ];
}

export function TerminationNotice({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  const termination = requireSection(model, 'termination', model.termination);
  const creditFacts = [
    ...(termination.creditNoteNumber ? [{ label: t.creditNoteNumber, value: termination.creditNoteNumber }] : []),
    { label: t.issuedOn, value: ctx.date(model.dates.issuedAt ?? model.generatedAt) },
    { label: t.amount, value: ctx.money(termination.total) },
  ];
  return (
    <DocumentFrame ctx={ctx}>
      <Paragraph>{t.terminationIntro(ctx.date(termination.effectiveDate))}</Paragraph>
      <ReferenceBlock ctx={ctx} facts={['policyNumber', 'version', 'status', 'inception', 'expiry']} />
      <Parties ctx={ctx} />
      <Section ctx={ctx} title={t.terminationDetails}>
        <KeyValueTable
          rows={[
            { label: t.effectiveFrom, value: ctx.date(termination.effectiveDate) },
            { label: t.reason, value: translateCode(t.reasons, termination.reason) },
            { label: t.calculationMethod, value: t.terminationTypes[termination.type] },
          ]}
        />
      </Section>
      <Section ctx={ctx} title={t.refundCalculation}>
        <AmountTable ctx={ctx} rows={refundRows(ctx, termination)} />
      </Section>
      <View wrap={false} style={{ marginTop: 18 }}>
        <Text style={[styles.sectionTitle, { color: ctx.colors.brand, fontSize: 11, textTransform: 'none', letterSpacing: 0 }]}>
          {t.creditNote}
        </Text>
        <FactGrid facts={creditFacts} />
        <Text style={{ marginTop: 8 }}>{t.creditNoteText(ctx.money(termination.total))}</Text>
      </View>
    </DocumentFrame>
  );
}
