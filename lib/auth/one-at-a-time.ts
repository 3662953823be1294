import { RateLimited } from '@/lib/errors';
import { BoundedSlots } from './bounded-slots';

// Sign-in attempts that share a key run one after another in a process. The throttle checks a
// block before the hash and records the failure after it; attempts that ran side by side would all
// pass the check before the first failure was counted, so a burst from one address could be
// hashed far past its allowance and use up the account's as well, locking the owner out. One at a
// time, each attempt sees the block its predecessor's failure started.

/** Attempts that may wait behind one key; beyond it the answer is 429 at once. */
export const WAITING_PER_KEY_MAX = 16;
/** How long an attempt waits for its turn before it is answered 429 (each turn may wait for a hash slot). */
export const TURN_WAIT_MS = 5_000;
const RETRY_AFTER_SECONDS = 1;

// On globalThis: Next.js bundles each route apart, and the order must hold per process.
const globalForLanes = globalThis as unknown as { ledgerSignInLanes?: BoundedSlots };
const lanes = (globalForLanes.ledgerSignInLanes ??= new BoundedSlots({
  running: 1,
  waiting: WAITING_PER_KEY_MAX,
  waitMs: TURN_WAIT_MS,
  busy: () => new RateLimited('Too many sign-ins for this account are being checked at once; retry shortly', RETRY_AFTER_SECONDS),
}));

/**
 * Runs `run` after every earlier call with the same key has settled; throws RateLimited when too
 * many wait, or when the turn has not come within TURN_WAIT_MS.
 */
export function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  return lanes.run(key, run);
}

/** Keys with attempts in flight (for tests: a settled key leaves nothing behind). */
export function keysInFlight(): number {
  return lanes.keysInFlight();
}
