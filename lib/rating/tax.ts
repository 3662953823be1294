// Insurance premium tax (IPT) by the country whose tax applies (DOMAIN.md §2).
import { BadRequest } from '@/lib/errors';
import { money, roundMoney, type Decimal, type MoneyInput } from '@/lib/money';

export const IPT_RATES = { GB: 0.12, DE: 0.19, IE: 0.03, NL: 0.21 } as const;

export type TaxCountry = keyof typeof IPT_RATES;

const DECIMAL_RATES: Readonly<Record<TaxCountry, Decimal>> = {
  GB: money(IPT_RATES.GB),
  DE: money(IPT_RATES.DE),
  IE: money(IPT_RATES.IE),
  NL: money(IPT_RATES.NL),
};

export function isTaxCountry(value: string): value is TaxCountry {
  return Object.hasOwn(IPT_RATES, value);
}

/** The IPT rate of a country; an unknown country (e.g. a `documentCountry` query value) is a 400. */
export function taxRateOf(country: string): Decimal {
  if (!isTaxCountry(country)) {
    throw new BadRequest(`No insurance premium tax rate is known for country '${country}'`, [
      { path: 'documentCountry', message: `must be one of ${Object.keys(IPT_RATES).join(', ')}` },
    ]);
  }
  return DECIMAL_RATES[country];
}

/** Tax on a net amount, rounded half-up to the cent. */
export function taxOn(net: MoneyInput, rate: Decimal): Decimal {
  return roundMoney(money(net).times(rate));
}
