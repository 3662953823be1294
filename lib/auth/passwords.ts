import { hash, verify } from '@node-rs/argon2';
import { withHashSlot } from './hash-slots';

// Argon2id with OWASP's minimum memory-hard parameters (19 MiB, 2 passes).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Verified against when the account does not exist, so a miss costs as much as a hit.
let decoyHash: Promise<string> | undefined;

export function hashSecret(secret: string): Promise<string> {
  return withHashSlot(() => hash(secret, ARGON2_OPTIONS));
}

export async function verifySecret(storedHash: string | undefined, secret: string): Promise<boolean> {
  const target = storedHash ?? (await decoy());
  // Waiting for a slot may end in RateLimited (429): that is thrown, not read as a wrong secret.
  return withHashSlot(async () => {
    try {
      const ok = await verify(target, secret);
      return ok && storedHash !== undefined;
    } catch {
      // A malformed stored hash is a failed verification, never a crash of the sign-in.
      return false;
    }
  });
}

function decoy(): Promise<string> {
  decoyHash ??= hashSecret('decoy-secret-for-timing').catch((error: unknown) => {
    decoyHash = undefined; // a busy moment must not leave a failed promise behind for good
    throw error;
  });
  return decoyHash;
}
