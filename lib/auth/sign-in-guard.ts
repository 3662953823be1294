import { RateLimited } from '@/lib/errors';
import { withSystem, withTenant } from '@/lib/db/tenant';
import { recordAccountEvent } from '@/lib/accounts/audit';
import { postgresLimiter } from './rate-limit-store';
import { oneAtATime } from './one-at-a-time';
import { heldRefusal } from './held-refusal';
import { pairKey, SignInThrottle, type Attempt, type ThrottleOutcome } from './throttle';

// The token endpoint and the sign-in form check credentials through here: refused before any hash
// while throttled (429, answered after a hold: ./held-refusal.ts), failures counted in the shared
// store, and a block that starts is an audit event of the account's tenant (when the account
// exists; guesses at unknown ids are only logged).

const globalForGuard = globalThis as unknown as { ledgerSignInThrottle?: SignInThrottle };

export function signInThrottle(): SignInThrottle {
  return (globalForGuard.ledgerSignInThrottle ??= new SignInThrottle(postgresLimiter));
}

async function tenantOfAccount(attempt: Attempt): Promise<string | null> {
  const row = await withSystem((tx) =>
    attempt.kind === 'client'
      ? tx.apiClient.findUnique({ where: { clientId: attempt.account }, select: { tenantId: true } })
      : tx.user.findUnique({ where: { email: attempt.account.trim().toLowerCase() }, select: { tenantId: true } }),
  );
  return row?.tenantId ?? null;
}

async function auditBlocks(attempt: Attempt, outcomes: ThrottleOutcome[]): Promise<void> {
  const tenantId = await tenantOfAccount(attempt);
  if (!tenantId) return;
  await withTenant(tenantId, (tx) =>
    recordAccountEvent(tx, {
      tenantId,
      type: 'auth.throttled',
      actor: `address:${attempt.address}`,
      data: { kind: attempt.kind, account: attempt.account, address: attempt.address, blocks: outcomes },
    }),
  );
}

/**
 * Runs `verify` unless the attempt is throttled or the lane or hash queue is full (throws
 * RateLimited after holding it); counts its failure or clears on success. Attempts of one account
 * from one address take turns, check to count, so a burst from that address is hashed no further
 * than one at a time would be. A refusal is held outside its turn, so the next in line is not
 * kept waiting.
 */
export async function guardedSignIn<T>(attempt: Attempt, verify: () => Promise<T | null>): Promise<T | null> {
  const throttle = signInThrottle();
  try {
    return await oneAtATime(pairKey(attempt), async () => {
      await throttle.assertAllowed(attempt);
      const party = await verify();
      if (party) {
        await throttle.recordSuccess(attempt);
        return party;
      }
      const outcomes = await throttle.recordFailure(attempt);
      if (outcomes.length > 0) await auditBlocks(attempt, outcomes);
      return null;
    });
  } catch (error) {
    if (error instanceof RateLimited) throw await heldRefusal(error);
    throw error;
  }
}
