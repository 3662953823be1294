import { prisma } from '@/lib/db/client';
import { Unauthenticated } from '@/lib/errors';
import type { Principal } from './principal';

// Revocation that bites: a token says who it was issued to, but a revoked API client or a
// disabled user must lose access before the token expires. Every authenticated request asks
// whether its subject is still active; the answer is cached per process for
// REVOCATION_CACHE_MS, so a revocation takes effect in every process within that bound (and at
// once in the process that made it), at the cost of one indexed lookup per subject per bound.
//
// A cache of verified tokens (signature and claims) sits in front of this check, never instead
// of it: verify (cached or not) → assertSubjectActive(principal).

/** The bound: a revoked client or disabled user is refused at most this long after the change. */
export const REVOCATION_CACHE_MS = Math.max(0, Number(process.env.LEDGER_REVOCATION_CACHE_MS ?? 2_000));
/** Subjects remembered per process; beyond it the cache starts again (unknown subjects must not grow it without bound). */
const SUBJECTS_MAX = 50_000;

interface Entry {
  active: boolean;
  checkedAtMs: number;
}

// On globalThis: Next.js bundles each route apart, and the cache is one per process.
const globalForRevocation = globalThis as unknown as {
  ledgerRevocation?: Map<string, Entry>;
  ledgerRevocationLoads?: Map<string, Promise<boolean>>;
};
const cache = (globalForRevocation.ledgerRevocation ??= new Map());
const loads = (globalForRevocation.ledgerRevocationLoads ??= new Map());

async function loadActive(subject: string): Promise<boolean> {
  const colon = subject.indexOf(':');
  const kind = subject.slice(0, colon);
  const id = subject.slice(colon + 1);
  if (kind === 'client') {
    const client = await prisma.apiClient.findUnique({ where: { clientId: id }, select: { active: true } });
    return client?.active === true;
  }
  if (kind === 'user' && /^[0-9a-f-]{36}$/i.test(id)) {
    const user = await prisma.user.findUnique({ where: { id }, select: { active: true } });
    return user?.active === true;
  }
  return false;
}

/** Whether the client or user a token was issued to may still act (cached up to REVOCATION_CACHE_MS). */
export async function isSubjectActive(subject: string, nowMs = Date.now()): Promise<boolean> {
  const hit = cache.get(subject);
  if (hit && nowMs - hit.checkedAtMs < REVOCATION_CACHE_MS) return hit.active;
  // Concurrent requests of one subject share one lookup.
  let load = loads.get(subject);
  if (!load) {
    load = loadActive(subject).finally(() => loads.delete(subject));
    loads.set(subject, load);
  }
  const active = await load;
  if (cache.size >= SUBJECTS_MAX) cache.clear();
  cache.set(subject, { active, checkedAtMs: nowMs });
  return active;
}

/** Throws 401 when the token's subject was revoked or disabled. */
export async function assertSubjectActive(principal: Pick<Principal, 'subject'>): Promise<void> {
  if (!(await isSubjectActive(principal.subject))) throw new Unauthenticated('The access token has been revoked');
}

/** Called after a revocation in this process, so it bites here at once. */
export function forgetSubject(subject: string): void {
  cache.delete(subject);
}
