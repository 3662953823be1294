// What every template part needs besides its own data: the model, the language's labels and
// formatters bound to the document's language and currency.

import { formatDate, formatMoney, formatPercent } from '../../format';
import { labelsFor, type Labels } from '../../labels';
import type { Amount, DocumentModel, IsoDate } from '../../model';
import { brandColors, type BrandColors } from './theme';

export interface RenderContext {
  model: DocumentModel;
  t: Labels;
  colors: BrandColors;
  money: (amount: Amount) => string;
  date: (value: IsoDate) => string;
  percent: (fraction: number) => string;
}

export function renderContext(model: DocumentModel): RenderContext {
  const { language, currency } = model;
  return {
    model,
    t: labelsFor(language),
    colors: brandColors(model.tenant.brandColor),
    money: (amount) => formatMoney(amount, currency, language),
    date: (value) => formatDate(value, language),
    percent: (fraction) => formatPercent(fraction, language),
  };
}
