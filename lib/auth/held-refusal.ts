import type { RateLimited } from '@/lib/errors';
import { SignInBlocked } from './throttle';

// A guesser that ignores Retry-After asks again the moment it is refused, and each refusal is a
// whole request on the app's one thread: twelve such clients looped at about 120 a second and
// tripled another tenant's read latency (`npm run bench:fairness`). So a refusal of a blocked
// attempt is answered when the block ends or after a second, whichever comes first, with
// Retry-After for what is left, and a refusal for a full lane or hash queue after a second: a
// looping guesser then asks about once a second a connection. Holding costs an open connection
// and a timer; at most HELD_MAX are held per process, the rest are answered at once.

export const HOLD_MS_MAX = 1_000;
export const HELD_MAX = 256;

// On globalThis: Next.js bundles each route apart, and the bound is one per process.
const globalForHeld = globalThis as unknown as { ledgerRefusalsHeld?: { count: number } };
const held = (globalForHeld.ledgerRefusalsHeld ??= { count: 0 });

/** Waits out up to HOLD_MS_MAX (of the block, if it is one), then answers the refusal for the time that remains. */
export async function heldRefusal(refusal: RateLimited): Promise<RateLimited> {
  if (held.count >= HELD_MAX) return refusal;
  const blocked = refusal instanceof SignInBlocked;
  const holdMs = blocked ? Math.min(HOLD_MS_MAX, refusal.blockedMs) : HOLD_MS_MAX;
  held.count++;
  try {
    await new Promise((resolve) => setTimeout(resolve, holdMs));
  } finally {
    held.count--;
  }
  return blocked ? new SignInBlocked(refusal.blockedMs - holdMs) : refusal;
}

/** Refusals being held now (for tests). */
export function refusalsHeld(): number {
  return held.count;
}
