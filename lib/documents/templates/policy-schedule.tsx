// The policy schedule (Versicherungsschein), issued with every policy version: who, what, when,
// which cover and what it costs.

import { requireSection } from '../model';
import { KeyValueTable, Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { ObjectsList } from './parts/objects';
import { Parties } from './parts/parties';
import { PremiumTable } from './parts/premium';
import { ReferenceBlock } from './parts/reference';

export function PolicySchedule({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  requireSection(model, 'reference.policyNumber', model.reference.policyNumber);
  const premium = requireSection(model, 'premium', model.premium);
  return (
    <DocumentFrame ctx={ctx}>
      <Paragraph>{t.scheduleIntro}</Paragraph>
      <ReferenceBlock
        ctx={ctx}
        facts={['policyNumber', 'version', 'status', 'issuedOn', 'quoteNumber', 'paymentPlan', 'inception', 'expiry', 'effectiveFrom']}
      />
      <Parties ctx={ctx} showInsurer />
      <Section ctx={ctx} title={t.periodOfInsurance}>
        <Paragraph>{t.periodRange(ctx.date(model.dates.inception), ctx.date(model.dates.expiry))}</Paragraph>
        <Paragraph muted>{t.expiryNote}</Paragraph>
      </Section>
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
    </DocumentFrame>
  );
}
