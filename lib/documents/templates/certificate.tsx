// The certificate of insurance: proof of cover on one page, for a landlord, a vet or a border
// official. Insured objects are listed by name only so the page never overflows.

import { Text, View } from '@react-pdf/renderer';
import { requireSection } from '../model';
import { BulletList, KeyValueTable, Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { ReferenceBlock } from './parts/reference';
import { MUTED } from './parts/theme';

export function Certificate({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  requireSection(model, 'reference.policyNumber', model.reference.policyNumber);
  return (
    <DocumentFrame ctx={ctx}>
      <Paragraph>{t.certificateIntro(model.product.title)}</Paragraph>
      <ReferenceBlock ctx={ctx} facts={['policyNumber', 'version', 'status', 'inception', 'expiry', 'issuedOn', 'payable']} />
      <Section ctx={ctx} title={t.policyholder}>
        <Text style={{ fontSize: 12, fontWeight: 700 }}>{model.customer.name}</Text>
        {model.customer.addressLines.map((line, index) => (
          <Text key={index} style={{ color: MUTED }}>
            {line}
          </Text>
        ))}
      </Section>
      <Section ctx={ctx} title={t.insuredRisks}>
        <BulletList items={model.objects.map((object) => object.label)} />
      </Section>
      {model.cover && (
        <Section ctx={ctx} title={t.cover}>
          <KeyValueTable rows={model.cover} />
        </Section>
      )}
      <View wrap={false} style={{ marginTop: 20, paddingTop: 10, borderTopWidth: 1, borderTopColor: ctx.colors.brand }}>
        <Text style={{ fontWeight: 700 }}>{model.tenant.name}</Text>
        <Text style={{ color: MUTED, marginTop: 2 }}>{t.certificateProof}</Text>
      </View>
    </DocumentFrame>
  );
}
