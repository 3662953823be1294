import type { PageLanguage } from './language';

// Dates as people type them: day, month and year in the order and with the separator of the
// page's language (en-GB 31/12/2027, de-DE 31.12.2027), sent to the API as ISO `YYYY-MM-DD`.
// A browser's own date picker follows the browser's locale, not the page's, and hides its format;
// a text field with a visible hint does neither.

interface LocaleDate {
  separator: string;
  /** The format as shown to the person (`dd/mm/yyyy`, `TT.MM.JJJJ`). */
  hint: string;
  example: string;
  months: readonly string[];
}

const FORMATS: Record<PageLanguage, LocaleDate> = {
  en: {
    separator: '/',
    hint: 'dd/mm/yyyy',
    example: '31/12/2027',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  de: {
    separator: '.',
    hint: 'TT.MM.JJJJ',
    example: '31.12.2027',
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  },
};

export function dateHint(language: PageLanguage): { hint: string; example: string } {
  const { hint, example } = FORMATS[language];
  return { hint, example };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `2027-12-31` → `31/12/2027` (en) or `31.12.2027` (de); anything not an ISO date comes back as it was. */
export function formatLocaleDate(iso: string, language: PageLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  const { separator } = FORMATS[language];
  return `${day}${separator}${month}${separator}${year}`;
}

export type ParsedDate = { ok: true; iso: string } | { ok: false; message: string };

/**
 * What was typed, as an ISO date: day, month and four-digit year with the language's separator
 * (one-digit day and month allowed), or an ISO date as it stands. Empty text is `{ ok: true, iso: '' }`.
 */
export function parseLocaleDate(text: string, language: PageLanguage): ParsedDate {
  const typed = text.trim();
  if (typed === '') return { ok: true, iso: '' };
  const { separator, hint, example, months } = FORMATS[language];
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const local = new RegExp(`^(\\d{1,2})\\${separator}(\\d{1,2})\\${separator}(\\d{4})$`).exec(typed);
  const parts = iso ? [iso[3], iso[2], iso[1]] : local ? [local[1], local[2], local[3]] : null;
  if (!parts) {
    return {
      ok: false,
      message: language === 'de' ? `Bitte als ${hint} eingeben, z. B. ${example}.` : `Enter the date as ${hint}, for example ${example}.`,
    };
  }
  const [day, month, year] = parts.map(Number) as [number, number, number];
  if (month < 1 || month > 12) {
    return { ok: false, message: language === 'de' ? `Einen Monat ${month} gibt es nicht.` : `There is no month ${month}.` };
  }
  const length = daysInMonth(year, month);
  if (day < 1 || day > length) {
    const name = months[month - 1]!;
    return {
      ok: false,
      message:
        language === 'de'
          ? `Den ${day}. ${name} ${year} gibt es nicht: der ${name} ${year} hat ${length} Tage.`
          : `${name} ${year} has ${length} days, so there is no ${day} ${name}.`,
    };
  }
  return { ok: true, iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}
