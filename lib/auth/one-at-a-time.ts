import { RateLimited } from '@/lib/errors';

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

function busy(): RateLimited {
  return new RateLimited('Too many sign-ins for this account are being checked at once; retry shortly', RETRY_AFTER_SECONDS);
}

interface Lane {
  tail: Promise<void>;
  /** Attempts on this key started and not yet finished, the running one included. */
  open: number;
}

// On globalThis: Next.js bundles each route apart, and the order must hold per process.
const globalForLanes = globalThis as unknown as { ledgerSignInLanes?: Map<string, Lane> };
const lanes = (globalForLanes.ledgerSignInLanes ??= new Map<string, Lane>());

/**
 * Runs `run` after every earlier call with the same key has settled; throws RateLimited when too
 * many wait, or when the turn has not come within TURN_WAIT_MS.
 */
export async function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const lane = lanes.get(key) ?? { tail: Promise.resolve(), open: 0 };
  if (lane.open > WAITING_PER_KEY_MAX) throw busy();
  lane.open++;
  lanes.set(key, lane);
  const previous = lane.tail;
  let finish!: () => void;
  lane.tail = new Promise<void>((resolve) => (finish = resolve));
  let timer: NodeJS.Timeout | undefined;
  const turn = await Promise.race([
    previous.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), TURN_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!turn) {
    // Given up: the next in line still waits for this one's predecessor, never runs beside it.
    void previous.then(finish);
    leave(key, lane);
    throw busy();
  }
  try {
    return await run();
  } finally {
    finish();
    leave(key, lane);
  }
}

function leave(key: string, lane: Lane): void {
  if (--lane.open === 0 && lanes.get(key) === lane) lanes.delete(key);
}

/** Keys with attempts in flight (for tests: a settled key leaves nothing behind). */
export function keysInFlight(): number {
  return lanes.size;
}
