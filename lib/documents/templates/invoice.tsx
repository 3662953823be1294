// The invoice and instalment plan, issued with the policy and with every additional premium.

import { primaryReference, requireSection } from '../model';
import { AmountTable } from './parts/amounts';
import { FactGrid, Paragraph, Section } from './parts/blocks';
import type { RenderContext } from './parts/context';
import { DocumentFrame } from './parts/frame';
import { InstalmentTable } from './parts/instalments';
import { Parties } from './parts/parties';

export function Invoice({ ctx }: { ctx: RenderContext }) {
  const { model, t } = ctx;
  const invoice = requireSection(model, 'invoice', model.invoice);
  const instalments = model.instalments ?? [];
  const firstDue = instalments[0];
  const facts = [
    { label: t.invoiceNumber, value: invoice.number },
    { label: t.invoiceDate, value: ctx.date(invoice.issuedAt) },
    { label: model.reference.policyNumber ? t.policyNumber : t.quoteNumber, value: primaryReference(model) },
    { label: t.invoiceTotal, value: ctx.money(invoice.total) },
  ];
  if (firstDue) facts.push({ label: t.dueDate, value: ctx.date(firstDue.dueDate) });
  if (model.premium) facts.push({ label: t.paymentPlan, value: t.plans[model.premium.paymentPlan] });
  const rows = invoice.lines.map((line) => ({
    label: line.label ?? t.invoiceLines[line.kind],
    amount: line.amount,
    note: line.kind === 'tax' && model.premium ? ctx.percent(model.premium.taxRate) : undefined,
  }));
  return (
    <DocumentFrame ctx={ctx}>
      <FactGrid facts={facts} />
      <Parties ctx={ctx} />
      <Section ctx={ctx} title={t.invoiceTotal}>
        <AmountTable
          ctx={ctx}
          heading={[t.description, t.amount]}
          rows={[...rows, { label: t.invoiceTotal, amount: invoice.total, kind: 'total' }]}
        />
      </Section>
      {instalments.length > 0 && (
        <Section ctx={ctx} title={t.instalmentPlan}>
          <InstalmentTable ctx={ctx} instalments={instalments} />
        </Section>
      )}
      <Section ctx={ctx} title={t.paymentPlan}>
        <Paragraph>{t.paymentNote(invoice.number)}</Paragraph>
      </Section>
    </DocumentFrame>
  );
}
