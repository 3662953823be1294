// Display formatting only: amounts arrive as decimal numbers with at most two places and are
// never computed with here.

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  const code = currency || 'GBP';
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}

export function formatPercent(rate: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(rate * 100)} %`;
}

// Dates print as `22 Nov 2026`: never day and month as two numbers (01/07 reads differently in
// London and New York), and the same three-letter months everywhere (ICU writes `Sept` in en-GB).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayMonthYear(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayMonthYear(date);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${dayMonthYear(date)}, ${time} UTC`;
}

/** `in-manual-referral` → `In manual referral`. */
export function humanize(value: string): string {
  const words = value.replaceAll(/[-_:]/g, ' ').replaceAll(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
