// The offer a broker sends before bind (spec 4.7): parties, cover, premium, instalments, validity.

import { Text, View } from '@react-pdf/renderer';
import { offerValidUntil, requireSection } from '../model';
import { KeyValueTable, Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { InstalmentTable } from './parts/instalments';
import { ObjectsList } from './parts/objects';
import { Parties } from './parts/parties';
import { PremiumTable } from './parts/premium';
import { ReferenceBlock } from './parts/reference';

export function QuoteOffer({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  const premium = requireSection(model, 'premium', model.premium);
  return (
    <DocumentFrame ctx={ctx}>
      <Paragraph>{t.offerIntro}</Paragraph>
      <ReferenceBlock ctx={ctx} facts={['quoteNumber', 'issuedOn', 'validUntil', 'inception', 'expiry', 'paymentPlan']} />
      <Parties ctx={ctx} />
      <Section ctx={ctx} title={t.insuredRisks}>
        <ObjectsList objects={model.objects} />
      </Section>
      {model.cover && (
        <Section ctx={ctx} title={t.cover}>
          <KeyValueTable rows={model.cover} />
        </Section>
      )}
      <Section keep ctx={ctx} title={t.premium}>
        <PremiumTable ctx={ctx} premium={premium} />
      </Section>
      {model.instalments && model.instalments.length > 1 && (
        <Section ctx={ctx} title={t.instalmentPlan}>
          <InstalmentTable ctx={ctx} instalments={model.instalments} />
        </Section>
      )}
      <View wrap={false} style={{ marginTop: 16, padding: 10, borderWidth: 1, borderColor: ctx.colors.brand, borderRadius: 3 }}>
        <Text style={{ fontWeight: 700 }}>{t.offerValidity(ctx.date(offerValidUntil(model)))}</Text>
      </View>
    </DocumentFrame>
  );
}
