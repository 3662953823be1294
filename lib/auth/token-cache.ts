import { hash } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { listener } from '@/lib/jobs/listener';
import { log } from '@/lib/log';
import { keepRecent, takeRecent } from '@/lib/recently-used';
import type { Principal } from './principal';

// Verified access tokens, so a client's every call does not repeat the ES256 signature check.
// Bounded twice: at most TOKEN_CACHE_ENTRIES_MAX entries (least recently used leave first), and an
// entry is never answered at or after its token's `exp` (no clock tolerance here: the cache only
// ever shortens a token's life). Keys are SHA-256 of the token, so the cache holds no bearer.
//
// Revocation: whoever revokes a client, disables a user or retires a key calls
// `announceTokenRevocation(tx, match)` in its transaction. At commit every process (each has its
// own cache) hears it on the `ledger_tokens` channel and forgets the matching entries; the process
// that revoked also forgets at once with `forgetTokens(match)`. While the listening connection is
// down (not yet made, or lost) the cache neither answers nor remembers, since a revocation would go
// unheard, and once it is back the cache is emptied of what a missed revocation may have covered.

/** LEDGER_TOKEN_CACHE_ENTRIES; 0 turns the cache off. */
export const TOKEN_CACHE_ENTRIES_MAX = Math.max(0, Number(process.env.LEDGER_TOKEN_CACHE_ENTRIES ?? 10_000) || 0);
export const TOKEN_REVOCATION_CHANNEL = 'ledger_tokens';

/** Which cached tokens to forget: every field given must match (an empty match forgets all). */
export interface TokenMatch {
  subject?: string;
  tenantTag?: string;
  tokenId?: string;
  /** The signing key's id. */
  kid?: string;
}

interface Entry {
  principal: Principal;
  expiresAtMs: number;
  kid: string | undefined;
}

// On globalThis: Next.js bundles each route apart, and a revocation must reach all their caches.
const globalForCache = globalThis as unknown as { ledgerTokenCache?: Map<string, Entry> };
const entries = (globalForCache.ledgerTokenCache ??= new Map<string, Entry>());
let subscribed = false;

// One-shot hashing: no Hash object made and thrown away on every call.
const keyOf = (token: string) => hash('sha256', token, 'base64url');

/** The principal of a token verified before and not expired, else undefined. */
export function cachedPrincipal(token: string, nowMs = Date.now()): Principal | undefined {
  if (TOKEN_CACHE_ENTRIES_MAX === 0 || !listener.listening) return undefined;
  const key = keyOf(token);
  const entry = takeRecent(entries, key);
  if (!entry) return undefined;
  if (nowMs >= entry.expiresAtMs) {
    entries.delete(key);
    return undefined;
  }
  return entry.principal;
}

/** Remembers a verified token until its `exp` (seconds since the epoch). */
export function rememberToken(token: string, principal: Principal, expSeconds: number, kid: string | undefined, nowMs = Date.now()): void {
  if (TOKEN_CACHE_ENTRIES_MAX === 0) return;
  const expiresAtMs = expSeconds * 1000;
  if (!Number.isFinite(expiresAtMs) || expiresAtMs <= nowMs) return;
  listenForRevocations();
  if (!listener.listening) return;
  keepRecent(entries, keyOf(token), { principal, expiresAtMs, kid }, TOKEN_CACHE_ENTRIES_MAX);
}

function matches(entry: Entry, match: TokenMatch): boolean {
  return (
    (match.subject === undefined || entry.principal.subject === match.subject) &&
    (match.tenantTag === undefined || entry.principal.tenantTag === match.tenantTag) &&
    (match.tokenId === undefined || entry.principal.tokenId === match.tokenId) &&
    (match.kid === undefined || entry.kid === match.kid)
  );
}

/** Forgets the cached tokens of this process that match; answers how many. */
export function forgetTokens(match: TokenMatch = {}): number {
  let forgotten = 0;
  for (const [key, entry] of entries) {
    if (matches(entry, match)) {
      entries.delete(key);
      forgotten++;
    }
  }
  return forgotten;
}

export function cachedTokenCount(): number {
  return entries.size;
}

/** Tells every process, when `tx` commits, to forget the matching tokens. */
export async function announceTokenRevocation(tx: Tx, match: TokenMatch): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${TOKEN_REVOCATION_CHANNEL}, ${JSON.stringify(match)})`;
}

/** Parses a revocation notice; an unreadable one forgets everything (the safe side). */
export function matchOfNotice(payload: string | null): TokenMatch {
  if (payload === null) return {};
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const match: TokenMatch = {};
    for (const field of ['subject', 'tenantTag', 'tokenId', 'kid'] as const) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') match[field] = value;
    }
    return match;
  } catch (error) {
    log.warn('unreadable token revocation notice; forgetting every cached token', { error: String(error) });
    return {};
  }
}

function listenForRevocations(): void {
  if (subscribed) return;
  subscribed = true;
  listener
    .subscribe(TOKEN_REVOCATION_CHANNEL, (payload) => {
      forgetTokens(matchOfNotice(payload));
    })
    .catch((error: unknown) => {
      // Without the channel a revocation could go unheard: cache nothing until it is back.
      subscribed = false;
      entries.clear();
      log.warn('token revocation channel unavailable; the token cache stays empty', { error: String(error) });
    });
}
