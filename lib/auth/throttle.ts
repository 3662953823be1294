import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimited } from '@/lib/errors';
import { log } from '@/lib/log';
import type { LimiterFactory } from './rate-limit-store';

// Throttling of guesses at the token endpoint and the sign-in form. Failed attempts are counted
// per (account, source address), per account and per source address; past a free allowance each
// further failure blocks that key for twice as long as the last (exponential back-off), and an
// attempt on a blocked key is refused with 429 and Retry-After before any hash is computed.
//
// Whom it can lock out, and for how long: the tight pair key only blocks the guessing address
// for that account, so the real owner elsewhere signs in as usual; the account key (a guessing
// botnet) blocks everyone for at most ACCOUNT.blockSecondsMax; the address key (one address
// trying many accounts) blocks only that address. A success clears the pair's count.

export interface Attempt {
  kind: 'client' | 'user';
  /** Client id or e-mail, as typed. */
  account: string;
  /** The source address (clientAddress). */
  address: string;
}

interface Dimension {
  name: 'pair' | 'account' | 'address';
  /** Failures allowed in the window before back-off starts. */
  freeFailures: number;
  windowSeconds: number;
  blockSecondsMax: number;
  key: (attempt: Attempt) => string;
}

const HOUR_SECONDS = 3600;
const BLOCK_SECONDS_FIRST = 1;

function digest(value: string): string {
  // Keys hold no e-mail or client id in clear: the table is not tenant data.
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}
const accountKey = (attempt: Attempt) => `${attempt.kind}:${digest(attempt.account.trim().toLowerCase())}`;
/** The key of one account tried from one address. */
export const pairKey = (attempt: Attempt) => `${accountKey(attempt)}|${digest(attempt.address)}`;

export const DIMENSIONS: readonly Dimension[] = [
  {
    name: 'pair',
    freeFailures: 5,
    windowSeconds: HOUR_SECONDS,
    blockSecondsMax: 15 * 60,
    key: pairKey,
  },
  { name: 'account', freeFailures: 30, windowSeconds: HOUR_SECONDS, blockSecondsMax: 60, key: accountKey },
  { name: 'address', freeFailures: 50, windowSeconds: HOUR_SECONDS, blockSecondsMax: 15 * 60, key: (a) => digest(a.address) },
];

/** Back-off after the n-th failure in the window: nothing within the allowance, then 1 s, 2 s, 4 s ... up to the cap. */
export function blockSecondsAfter(failures: number, dimension: Pick<Dimension, 'freeFailures' | 'blockSecondsMax'>): number {
  const over = failures - dimension.freeFailures;
  if (over <= 0) return 0;
  return Math.min(dimension.blockSecondsMax, BLOCK_SECONDS_FIRST * 2 ** Math.min(over - 1, 30));
}

export interface ThrottleOutcome {
  dimension: Dimension['name'];
  blockSeconds: number;
  failures: number;
}

/** The refusal of an attempt while a key of it is blocked; `blockedMs` is what the longest block has left. */
export class SignInBlocked extends RateLimited {
  constructor(readonly blockedMs: number) {
    super('Too many failed sign-in attempts; wait before trying again', Math.max(1, Math.ceil(blockedMs / 1000)));
  }
}

export class SignInThrottle {
  private readonly failures: RateLimiterAbstract[];
  private readonly blocks: RateLimiterAbstract[];

  constructor(limiter: LimiterFactory) {
    this.failures = DIMENSIONS.map((d) =>
      limiter({ keyPrefix: `fail-${d.name}`, points: d.freeFailures, durationSeconds: d.windowSeconds }),
    );
    // `block` marks a key blocked for a given time; `get` tells whether and how long.
    this.blocks = DIMENSIONS.map((d) => limiter({ keyPrefix: `block-${d.name}`, points: 1, durationSeconds: d.blockSecondsMax }));
  }

  /** Throws SignInBlocked (429) while any key of the attempt is blocked. */
  async assertAllowed(attempt: Attempt): Promise<void> {
    const states = await Promise.all(DIMENSIONS.map((d, i) => this.blocks[i]!.get(d.key(attempt))));
    let waitMs = 0;
    for (const state of states) {
      if (state && state.consumedPoints > 1) waitMs = Math.max(waitMs, state.msBeforeNext);
    }
    if (waitMs > 0) throw new SignInBlocked(waitMs);
  }

  /** Counts a failure; answers the blocks it started (empty while within the allowances). */
  async recordFailure(attempt: Attempt): Promise<ThrottleOutcome[]> {
    const counted = await Promise.all(DIMENSIONS.map((d, i) => this.failures[i]!.penalty(d.key(attempt), 1)));
    const outcomes: ThrottleOutcome[] = [];
    await Promise.all(
      DIMENSIONS.map(async (d, i) => {
        const failures = counted[i]!.consumedPoints;
        const blockSeconds = blockSecondsAfter(failures, d);
        if (blockSeconds === 0) return;
        await this.blocks[i]!.block(d.key(attempt), blockSeconds);
        outcomes.push({ dimension: d.name, blockSeconds, failures });
      }),
    );
    if (outcomes.length > 0) log.warn('sign-in throttled', { kind: attempt.kind, address: attempt.address, outcomes });
    return outcomes;
  }

  /** A success clears the pair's count and block: the owner's own typos are forgiven. */
  async recordSuccess(attempt: Attempt): Promise<void> {
    await Promise.all([this.failures[0]!.delete(DIMENSIONS[0]!.key(attempt)), this.blocks[0]!.delete(DIMENSIONS[0]!.key(attempt))]);
  }
}

/**
 * The caller's address: the entry LEDGER_PROXY_HOPS places from the right of X-Forwarded-For
 * (default 1: the address the nearest proxy saw; Next.js itself sets the header to the socket's
 * address when no proxy sent one). Without a proxy that overwrites the header a client can
 * choose its own; the account dimension holds regardless.
 */
export function clientAddress(forwardedFor: string | null | undefined, hops = proxyHops()): string {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)] ?? 'unknown';
}

function proxyHops(): number {
  const hops = Number(process.env.LEDGER_PROXY_HOPS ?? 1);
  return Number.isInteger(hops) && hops >= 1 ? hops : 1;
}
