// Number and date formatting for the documents. Intl formatters are costly to build and are
// reused across renders, so they are cached per language and currency.

import type { Amount, DocumentLanguage, IsoDate, IsoDateTime } from './model';

const LOCALES: Record<DocumentLanguage, string> = { en: 'en-GB', de: 'de-DE' };
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(language: DocumentLanguage, currency: string): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** `£1,234.50` in English, `1.234,50 €` in German. */
export function formatMoney(amount: Amount, currency: string, language: DocumentLanguage): string {
  return moneyFormat(language, currency).format(amount);
}

const percentFormats: Record<DocumentLanguage, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALES.en, { style: 'percent', maximumFractionDigits: 2 }),
  de: new Intl.NumberFormat(LOCALES.de, { style: 'percent', maximumFractionDigits: 2 }),
};

/** A fraction as a percentage: 0.19 → `19%` / `19 %`. */
export function formatPercent(fraction: number, language: DocumentLanguage): string {
  return percentFormats[language].format(fraction);
}

// Dates are calendar dates: formatting them in UTC keeps `2026-03-01` on the 1st whatever the
// server's time zone is.
const dateFormats: Record<DocumentLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(LOCALES.en, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  de: new Intl.DateTimeFormat(LOCALES.de, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
const dateTimeFormats: Record<DocumentLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(LOCALES.en, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  de: new Intl.DateTimeFormat(LOCALES.de, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
};

function parseInstant(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${value}`);
  return date;
}

/** `1 March 2026` / `1. März 2026`. Accepts a date or a date-time. */
export function formatDate(value: IsoDate | IsoDateTime, language: DocumentLanguage): string {
  return dateFormats[language].format(parseInstant(value));
}

/** `1 March 2026 at 09:30 UTC` / `1. März 2026 um 09:30 UTC`. */
export function formatDateTime(value: IsoDateTime, language: DocumentLanguage): string {
  return `${dateTimeFormats[language].format(parseInstant(value))} UTC`;
}
