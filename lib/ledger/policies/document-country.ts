import { BadRequest } from '@/lib/errors';
import type { Language } from '@/lib/http/language';
import { IPT_RATES, isTaxCountry, type TaxCountry } from '@/lib/rating/tax';

// `documentCountry` of the instalments view: the country whose tax label and number and date
// formats the view uses. It changes presentation only; the amounts are what the journal holds.

interface CountryFormat {
  locale: string;
  taxLabel: string;
}

export const DOCUMENT_COUNTRIES: Record<TaxCountry, CountryFormat> = {
  GB: { locale: 'en-GB', taxLabel: 'Insurance Premium Tax (IPT)' },
  IE: { locale: 'en-IE', taxLabel: 'Insurance levy' },
  DE: { locale: 'de-DE', taxLabel: 'Versicherungsteuer' },
  NL: { locale: 'nl-NL', taxLabel: 'Assurantiebelasting' },
};

export function documentCountryOf(raw: string | undefined, fallback: TaxCountry): TaxCountry {
  if (raw === undefined || raw === '') return fallback;
  const country = raw.toUpperCase();
  if (!isTaxCountry(country)) {
    throw new BadRequest(`documentCountry ${raw} is not supported`, [
      { path: 'documentCountry', message: `must be one of ${Object.keys(IPT_RATES).join(', ')}` },
    ]);
  }
  return country;
}

export interface Formatter {
  money(amount: number): string;
  date(isoDate: string): string;
}

export function formatterFor(country: TaxCountry, currency: string): Formatter {
  const { locale } = DOCUMENT_COUNTRIES[country];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return { money: (amount) => money.format(amount), date: (isoDate) => date.format(new Date(`${isoDate}T00:00:00Z`)) };
}

export const COLUMN_LABELS: Record<Language, Record<string, string>> = {
  en: {
    invoiceNumber: 'Invoice number',
    dueDate: 'Due date',
    premium: 'Premium',
    adminFee: 'Administrative fees and charges',
    brokerCommission: 'Broker commission',
    mgaCommission: 'MGA commission',
    insurerNet: 'Insurer net',
    payable: 'Payable',
    status: 'Status',
  },
  de: {
    invoiceNumber: 'Rechnungsnummer',
    dueDate: 'Fälligkeit',
    premium: 'Beitrag',
    adminFee: 'Verwaltungsgebühren',
    brokerCommission: 'Maklerprovision',
    mgaCommission: 'MGA-Provision',
    insurerNet: 'Nettobeitrag Versicherer',
    payable: 'Zahlbetrag',
    status: 'Status',
  },
};
