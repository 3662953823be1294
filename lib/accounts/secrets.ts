import { createHash, randomBytes } from 'node:crypto';

// Secrets handed out once: API client secrets, initial passwords and one-time set-password
// tokens. Client secrets and passwords are stored as Argon2 hashes (lib/auth/passwords);
// set-password tokens are random enough (256 bits) that a SHA-256 lookup key is safe.

const SECRET_BYTES = 32;

export function newClientSecret(): string {
  return `lcs_${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/** An initial password for the operator to hand over: 20 characters, no look-alikes needed. */
export function newInitialPassword(): string {
  return randomBytes(15).toString('base64url');
}

export function newPasswordSetToken(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
