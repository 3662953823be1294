// The summary of terms: the key limits of this policy and the contract's rules in plain words.

import { Text, View } from '@react-pdf/renderer';
import { termsSummary } from '../content/terms';
import { requireSection } from '../model';
import { KeyValueTable, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { ReferenceBlock } from './parts/reference';

export function TermsSummary({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  const premium = requireSection(model, 'premium', model.premium);
  const summary = termsSummary(model.language, {
    insurer: model.tenant.name,
    broker: model.agent?.name,
    from: ctx.date(model.dates.inception),
    to: ctx.date(model.dates.expiry),
    plan: t.plans[premium.paymentPlan],
    adminFee: ctx.money(premium.adminFee),
  });
  return (
    <DocumentFrame ctx={ctx}>
      <ReferenceBlock
        ctx={ctx}
        facts={['policyNumber', 'quoteNumber', 'policyholder', 'inception', 'expiry', 'version', 'paymentPlan', 'payable']}
      />
      {model.cover && (
        <Section ctx={ctx} title={summary.keyFacts}>
          <KeyValueTable rows={model.cover} />
        </Section>
      )}
      {summary.sections.map((section, index) => (
        <View key={index} style={{ marginTop: 12 }}>
          <Text minPresenceAhead={30} style={{ fontWeight: 700, color: ctx.colors.brand, marginBottom: 2 }}>
            {`${index + 1}. ${section.heading}`}
          </Text>
          <Text>{section.text}</Text>
        </View>
      ))}
    </DocumentFrame>
  );
}
