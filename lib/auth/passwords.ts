import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum memory-hard parameters (19 MiB, 2 passes).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Verified against when the account does not exist, so a miss costs as much as a hit.
let decoyHash: Promise<string> | undefined;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

export async function verifySecret(storedHash: string | undefined, secret: string): Promise<boolean> {
  const target = storedHash ?? (await (decoyHash ??= hashSecret('decoy-secret-for-timing')));
  try {
    const ok = await verify(target, secret);
    return ok && storedHash !== undefined;
  } catch {
    // A malformed stored hash is a failed verification, never a crash of the sign-in.
    return false;
  }
}
