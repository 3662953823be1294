// The product information document in the layout of the EU IPID: what is insured beside what is
// not, then restrictions, territory, obligations, payment, period and cancellation.

import type { ReactNode } from 'react';
import { Text, View } from '@react-pdf/renderer';
import { ipidText, productFacts } from '../content/ipid';
import { BulletList, Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { ReferenceBlock } from './parts/reference';
import { PANEL, styles } from './parts/theme';

const INSURED_GREEN = '#1e7b4a';
const EXCLUDED_RED = '#b3261e';
const RESTRICTION_AMBER = '#9a6700';

function Box({ title, color, children, grow = true }: { title: string; color: string; children: ReactNode; grow?: boolean }) {
  // `flex: 1` shares a row between two boxes; in a column it would collapse the box to no height.
  return (
    <View style={{ ...(grow ? { flex: 1 } : {}), backgroundColor: PANEL, borderTopWidth: 2, borderTopColor: color, padding: 10 }}>
      <Text style={{ fontWeight: 700, color, marginBottom: 6 }}>{title}</Text>
      {children}
    </View>
  );
}

export function ProductInformation({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  const text = ipidText(model.language);
  const facts = productFacts(text, model.product.code);
  const plan = model.premium ? t.plans[model.premium.paymentPlan] : t.plans.annual;
  return (
    <DocumentFrame ctx={ctx}>
      <Paragraph muted>{text.disclaimer}</Paragraph>
      <ReferenceBlock ctx={ctx} facts={['policyNumber', 'quoteNumber', 'policyholder', 'inception', 'expiry', 'payable']} />
      <Section keep ctx={ctx} title={text.headings.typeOfInsurance}>
        <Paragraph>{facts.summary}</Paragraph>
      </Section>
      <View style={[styles.columns, { marginTop: 10 }]}>
        <Box title={text.headings.insured} color={INSURED_GREEN}>
          <BulletList items={facts.insured} marker="+" markerColor={INSURED_GREEN} />
        </Box>
        <Box title={text.headings.notInsured} color={EXCLUDED_RED}>
          <BulletList items={facts.notInsured} marker="–" markerColor={EXCLUDED_RED} />
        </Box>
      </View>
      <View style={{ marginTop: 10 }} wrap={false}>
        <Box title={text.headings.restrictions} color={RESTRICTION_AMBER} grow={false}>
          <BulletList items={facts.restrictions} marker="!" markerColor={RESTRICTION_AMBER} />
        </Box>
      </View>
      <Section keep ctx={ctx} title={text.headings.where}>
        <BulletList items={facts.where} />
      </Section>
      <Section keep ctx={ctx} title={text.headings.obligations}>
        <BulletList items={facts.obligations} />
      </Section>
      <Section keep ctx={ctx} title={text.headings.payment}>
        <Paragraph>{text.payment(plan, model.premium && ctx.money(model.premium.payable))}</Paragraph>
      </Section>
      <Section keep ctx={ctx} title={text.headings.period}>
        <Paragraph>{text.period(ctx.date(model.dates.inception), ctx.date(model.dates.expiry))}</Paragraph>
      </Section>
      <Section keep ctx={ctx} title={text.headings.cancel}>
        <Paragraph>{text.cancel}</Paragraph>
      </Section>
    </DocumentFrame>
  );
}
