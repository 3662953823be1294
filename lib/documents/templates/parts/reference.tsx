// The reference facts at the top of a document, picked per document type from one list so the
// same fact has the same label and format everywhere.

import { translateCode } from '../../labels';
import { offerValidUntil, type LabelledValue } from '../../model';
import { FactGrid } from './blocks';
import type { RenderContext } from './context';

/** Each fact is also the key of its label. */
export type ReferenceFact =
  | 'quoteNumber'
  | 'policyNumber'
  | 'version'
  | 'status'
  | 'issuedOn'
  | 'validUntil'
  | 'effectiveFrom'
  | 'inception'
  | 'expiry'
  | 'paymentPlan'
  | 'payable'
  | 'policyholder';

function factValue(ctx: RenderContext, fact: ReferenceFact): string | undefined {
  const { model, t, date } = ctx;
  const { reference, dates } = model;
  switch (fact) {
    case 'quoteNumber':
      return reference.quoteNumber;
    case 'policyNumber':
      return reference.policyNumber;
    case 'version':
      return reference.version === undefined ? undefined : String(reference.version);
    case 'status':
      return translateCode(t.statuses, model.status);
    case 'issuedOn':
      return dates.issuedAt && date(dates.issuedAt);
    case 'validUntil':
      return date(offerValidUntil(model));
    case 'effectiveFrom':
      return dates.effectiveDate && date(dates.effectiveDate);
    case 'inception':
      return date(dates.inception);
    case 'expiry':
      return date(dates.expiry);
    case 'paymentPlan':
      return model.premium && t.plans[model.premium.paymentPlan];
    case 'payable':
      return model.premium && ctx.money(model.premium.payable);
    case 'policyholder':
      return model.customer.name;
  }
}

/** Facts the model does not have (a quote has no policy number yet) are left out. */
export function ReferenceBlock({ ctx, facts }: { ctx: RenderContext; facts: ReferenceFact[] }) {
  const shown: LabelledValue[] = [];
  for (const fact of facts) {
    const value = factValue(ctx, fact);
    if (value !== undefined) shown.push({ label: ctx.t[fact], value });
  }
  return <FactGrid facts={shown} />;
}
