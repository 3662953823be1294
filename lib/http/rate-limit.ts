import { RateLimited } from '@/lib/errors';
import { metrics } from '@/lib/metrics/registry';
import { SharedTenantRateLimiter, sharedRateLimitEnabled } from './shared-rate-limit';

// Per-tenant rate limit: an in-process token bucket per tenant tag. Each app process keeps its
// own buckets, so N processes allow N times the rate; the limit protects a process from one
// tenant's flood rather than metering usage. Defaults are generous so pages and tests never
// notice it; LEDGER_RATE_LIMIT_RPS / LEDGER_RATE_LIMIT_BURST tune it (0 turns it off).

export interface RateLimitSettings {
  /** Sustained requests per second per tenant; 0 disables the limit. */
  ratePerSecond: number;
  /** Requests a tenant may send at once after being idle. */
  burst: number;
}

interface Bucket {
  tokens: number;
  refilledAtMs: number;
}

const DEFAULT_RATE_PER_SECOND = 1_000;
const DEFAULT_BURST = 2_000;
/** Buckets kept before idle ones are swept (unknown tenant tags must not grow the map without bound). */
const BUCKETS_MAX = 10_000;

export function rateLimitSettings(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const ratePerSecond = positiveNumber(env.LEDGER_RATE_LIMIT_RPS, DEFAULT_RATE_PER_SECOND);
  const burst = positiveNumber(env.LEDGER_RATE_LIMIT_BURST, env.LEDGER_RATE_LIMIT_RPS ? ratePerSecond * 2 : DEFAULT_BURST);
  return { ratePerSecond, burst: Math.max(1, burst) };
}

function positiveNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

export class TenantRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Takes one token for `tenant`, or throws RateLimited naming the seconds until one is free. */
  take(tenant: string): void {
    const { ratePerSecond, burst } = this.settings;
    if (ratePerSecond <= 0) return;
    const now = this.nowMs();
    let bucket = this.buckets.get(tenant);
    if (!bucket) {
      if (this.buckets.size >= BUCKETS_MAX) this.sweep(now);
      bucket = { tokens: burst, refilledAtMs: now };
      this.buckets.set(tenant, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.refilledAtMs) / 1000) * ratePerSecond);
    bucket.refilledAtMs = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond));
    metrics().rateLimited.inc({ tenant });
    throw new RateLimited(`Tenant ${tenant} is over its rate limit of ${ratePerSecond} requests per second`, retryAfterSeconds);
  }

  /** Drops buckets that have refilled completely: they hold no information. */
  private sweep(now: number): void {
    const { ratePerSecond, burst } = this.settings;
    for (const [tenant, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.refilledAtMs) / 1000) * ratePerSecond >= burst) this.buckets.delete(tenant);
    }
  }
}

const globalForLimiter = globalThis as unknown as { ledgerRateLimiter?: TenantRateLimiter };

/** The process's limiter, configured from the environment on first use. */
export function tenantRateLimiter(): TenantRateLimiter {
  return (globalForLimiter.ledgerRateLimiter ??= new TenantRateLimiter(rateLimitSettings()));
}

const globalForShared = globalThis as unknown as { ledgerSharedRateLimiter?: SharedTenantRateLimiter | null };

/**
 * One request of `tenant` against its limits: the process's bucket, and with
 * LEDGER_RATE_LIMIT_SHARED=1 the tenant's window shared by every process (lib/http/shared-rate-limit.ts).
 */
export async function takeTenantBudget(tenant: string): Promise<void> {
  tenantRateLimiter().take(tenant);
  globalForShared.ledgerSharedRateLimiter ??= sharedRateLimitEnabled()
    ? new SharedTenantRateLimiter(rateLimitSettings().ratePerSecond)
    : null;
  await globalForShared.ledgerSharedRateLimiter?.take(tenant);
}
