// Human number formatting for labels and referral messages (not for amounts in JSON).
const GROUPED = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** 120000 → "120,000". */
export function formatNumber(value: number): string {
  return GROUPED.format(value);
}
