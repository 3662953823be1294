import { availableParallelism } from 'node:os';
import { RateLimited } from '@/lib/errors';
import { BoundedSlots } from './bounded-slots';

// Argon2 is memory-hard by design (19 MiB and tens of milliseconds a hash): a flood of wrong
// secrets must not take every thread and core from request handling. At most HASHES_MAX hashes run
// at once per process (half the cores: each hash keeps one busy), a few more wait briefly for a
// slot; beyond that the caller gets 429.

export const HASHES_MAX = Math.max(1, Number(process.env.LEDGER_HASHES_MAX) || Math.floor(availableParallelism() / 2));
/** Hashes that may wait for a slot; beyond it the answer is 429 at once. */
export const HASH_QUEUE_MAX = Math.max(0, Number(process.env.LEDGER_HASH_QUEUE_MAX ?? 16));
const HASH_WAIT_MS = 2_000;
const RETRY_AFTER_SECONDS = 1;
const EVERY_HASH = 'hash';

// On globalThis: Next.js bundles each route apart, and the bound is one per process.
const globalForSlots = globalThis as unknown as { ledgerHashSlots?: BoundedSlots };
const slots = (globalForSlots.ledgerHashSlots ??= new BoundedSlots({
  running: HASHES_MAX,
  waiting: HASH_QUEUE_MAX,
  waitMs: HASH_WAIT_MS,
  busy: () => new RateLimited('Too many sign-ins are being checked at once; retry shortly', RETRY_AFTER_SECONDS),
}));

/** Runs one hash or verification in a slot; throws RateLimited (429) when none frees up in time. */
export function withHashSlot<T>(hashing: () => Promise<T>): Promise<T> {
  return slots.run(EVERY_HASH, hashing);
}

/** For tests and metrics: hashes running and waiting now. */
export function hashSlotsInUse(): { running: number; waiting: number } {
  return slots.inUse(EVERY_HASH);
}
