import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { postgresLimiter, type LimiterFactory } from '@/lib/auth/rate-limit-store';
import { RateLimited } from '@/lib/errors';
import { metrics } from '@/lib/metrics/registry';

// The per-tenant rate limit across app processes (LEDGER_RATE_LIMIT_SHARED=1): besides the
// process's own token bucket (lib/http/rate-limit.ts, which keeps one process from being flooded),
// each request takes a point from the tenant's one-second window in rate-limiter-flexible's
// PostgreSQL store, so N processes together allow the tenant LEDGER_RATE_LIMIT_RPS, not N times
// it. Once the window is spent, each process refuses in memory until it ends (no statement per
// refused request). The price is one upsert per admitted request (see the README's figures).

const WINDOW_SECONDS = 1;

export class SharedTenantRateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly ratePerSecond: number,
    factory: LimiterFactory = postgresLimiter,
  ) {
    this.limiter = factory({
      keyPrefix: 'tenant-rps',
      points: ratePerSecond * WINDOW_SECONDS,
      durationSeconds: WINDOW_SECONDS,
      blockInMemory: true,
    });
  }

  /** Takes one request from the tenant's shared window, or throws RateLimited (429). */
  async take(tenant: string): Promise<void> {
    if (this.ratePerSecond <= 0) return;
    try {
      await this.limiter.consume(tenant, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      metrics().rateLimited.inc({ tenant });
      throw new RateLimited(
        `Tenant ${tenant} is over its rate limit of ${this.ratePerSecond} requests per second`,
        Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      );
    }
  }
}

export function sharedRateLimitEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LEDGER_RATE_LIMIT_SHARED === '1';
}
