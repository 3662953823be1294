import { SignInBlocked } from './throttle';

// A guesser that ignores Retry-After asks again the moment it is refused, and each refusal is a
// whole request on the app's one thread: twelve such clients looped at about 120 a second and
// tripled another tenant's read latency (`npm run bench:fairness`). So a refusal is answered when
// the block ends or after a second, whichever comes first, with Retry-After for what is left: a
// looping guesser then asks about once a second a connection. Holding costs an open connection
// and a timer; at most HELD_MAX are held per process, the rest are answered at once.

export const HOLD_MS_MAX = 1_000;
export const HELD_MAX = 256;

// On globalThis: Next.js bundles each route apart, and the bound is one per process.
const globalForHeld = globalThis as unknown as { ledgerRefusalsHeld?: { count: number } };
const held = (globalForHeld.ledgerRefusalsHeld ??= { count: 0 });

/** Waits out up to HOLD_MS_MAX of the block, then answers the refusal for the time that remains. */
export async function heldRefusal(refusal: SignInBlocked): Promise<SignInBlocked> {
  if (held.count >= HELD_MAX) return refusal;
  const holdMs = Math.min(HOLD_MS_MAX, refusal.blockedMs);
  held.count++;
  try {
    await new Promise((resolve) => setTimeout(resolve, holdMs));
  } finally {
    held.count--;
  }
  return new SignInBlocked(refusal.blockedMs - holdMs);
}

/** Refusals being held now (for tests). */
export function refusalsHeld(): number {
  return held.count;
}
