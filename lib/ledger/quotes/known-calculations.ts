import { keepRecent, takeRecent } from '@/lib/recently-used';
import type { QuoteViewRecord } from './quote-record';
import type { RatingOutcome } from './rate-quote';

// What this process saved at each quote's last calculation: the row as saved, its version (`xmin`,
// the id of the transaction that wrote it) and its rating. A recalculation of the same quote starts
// from it instead of reading and locking the row first (./calculate-now.ts); its update names the
// version, so a quote changed since (by any process) is never overwritten. What is kept only ever
// saves work (a round trip, a rating); the database decides.

/** How many quotes' last calculations a process keeps (least recently calculated leave first). */
const KNOWN_CALCULATIONS_MAX = 2_000;
/**
 * A kept row is not used after this: transaction ids wrap around after about four billion, so a
 * version is compared only within a short window of its writing (as the quote read's cache does).
 */
const KNOWN_FOR_MS = 60_000;

export interface KnownCalculation {
  row: QuoteViewRecord;
  rowVersion: string;
  /**
   * The rating the row was saved with. A recalculation of the same row gives it again (the rating
   * reads only the row and the product); its event says the payable before, and its update leaves
   * the equal price as it is stored.
   */
  rating: RatingOutcome;
  /**
   * Whether a recalculation may start from it: not while another process saves the same quote
   * too (a kept row found changed), until a locked calculation finds the row as this process left it.
   */
  trusted: boolean;
  keptAtMs: number;
}

// On globalThis: Next.js bundles routes apart; one store a process.
const globalForKnown = globalThis as unknown as { ledgerKnownCalculations?: Map<string, KnownCalculation> };
const known = (globalForKnown.ledgerKnownCalculations ??= new Map<string, KnownCalculation>());

const keyOf = (tenantId: string, id: string) => `${tenantId}:${id}`;

/** The quote's last calculation saved by this process, while it is recent enough to compare. */
export function knownCalculation(tenantId: string, id: string, nowMs = Date.now()): KnownCalculation | undefined {
  const entry = takeRecent(known, keyOf(tenantId, id));
  return entry && nowMs - entry.keptAtMs < KNOWN_FOR_MS ? entry : undefined;
}

export function keepCalculation(tenantId: string, id: string, entry: Omit<KnownCalculation, 'keptAtMs'>, nowMs = Date.now()): void {
  keepRecent(known, keyOf(tenantId, id), { ...entry, keptAtMs: nowMs }, KNOWN_CALCULATIONS_MAX);
}

export function forgetCalculation(tenantId: string, id: string): void {
  known.delete(keyOf(tenantId, id));
}
