// Shared look of every document: A4, Inter, one brand colour from the tenant, grey for
// everything secondary. Sizes are in PDF points (1/72 inch).

import { StyleSheet } from '@react-pdf/renderer';
import { FONT_FAMILY } from '../../fonts';

export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#d5dbe3';
export const PANEL = '#f3f5f8';
const FALLBACK_BRAND = '#1f4e79';

/** Page margins: about 17 mm at the sides; top and bottom leave room for the fixed header/footer. */
export const PAGE_MARGIN = { top: 96, bottom: 64, side: 48 } as const;

export interface BrandColors {
  brand: string;
  /** Text colour on a brand-coloured surface, chosen for contrast. */
  onBrand: string;
}

/**
 * The tenant's colour comes from its settings; an unreadable value must not break a document, so
 * anything but `#rgb`/`#rrggbb` falls back to a neutral blue. Very light colours get dark text.
 */
export function brandColors(value: string): BrandColors {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : FALLBACK_BRAND;
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const channels = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const linear = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * (linear[0] ?? 0) + 0.7152 * (linear[1] ?? 0) + 0.0722 * (linear[2] ?? 0);
  return { brand: full, onBrand: luminance > 0.45 ? INK : '#ffffff' };
}

/**
 * Inter's contextual alternates (`calt`: arrows, case-sensitive forms) change nothing in these
 * documents but their chained lookups were the largest single cost of text shaping, so they are off.
 */
const SHAPING = { calt: false };

/** Right-aligned amounts line up digit for digit with Inter's tabular figures. */
export const TABULAR = { fontFeatureSettings: { ...SHAPING, tnum: true } };

export const styles = StyleSheet.create({
  page: {
    fontFamily: FONT_FAMILY,
    fontFeatureSettings: SHAPING,
    fontSize: 9.5,
    color: INK,
    paddingTop: PAGE_MARGIN.top,
    paddingBottom: PAGE_MARGIN.bottom,
    paddingHorizontal: PAGE_MARGIN.side,
  },
  /**
   * The line height lives on the body, not on the page: react-pdf 4.9 drops a fixed footer that
   * holds a page-number `render` text when it inherits the page's line height. A unitless line
   * height is resolved against the font size declared beside it, so both are set here.
   */
  body: { fontSize: 9.5, lineHeight: 1.4 },
  paragraph: { marginBottom: 6 },
  muted: { color: MUTED },
  small: { fontSize: 8, lineHeight: 1.35, color: MUTED },
  bold: { fontWeight: 700 },
  section: { marginTop: 14 },
  sectionTitle: {
    fontSize: 8.5,
    fontWeight: 700,
    textTransform: 'uppercase',
    letterSpacing: 0.6,
    paddingBottom: 3,
    marginBottom: 5,
    borderBottomWidth: 0.75,
    borderBottomColor: RULE,
  },
  row: { flexDirection: 'row' },
  columns: { flexDirection: 'row', gap: 24 },
  column: { flex: 1 },
  tableRow: {
    flexDirection: 'row',
    paddingVertical: 3.5,
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
  },
  tableHead: {
    flexDirection: 'row',
    paddingBottom: 3,
    borderBottomWidth: 0.75,
    borderBottomColor: MUTED,
    fontSize: 8,
    fontWeight: 700,
    color: MUTED,
  },
  totalRow: {
    flexDirection: 'row',
    paddingVertical: 4,
    borderTopWidth: 1,
    borderTopColor: INK,
    fontWeight: 700,
  },
  amount: { textAlign: 'right', ...TABULAR },
  panel: { backgroundColor: PANEL, borderRadius: 3, padding: 10 },
});
