import { describe, expect, it } from 'vitest';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryLimiter, type LimiterFactory } from '@/lib/auth/rate-limit-store';
import { RateLimited } from '@/lib/errors';
import { SharedTenantRateLimiter, sharedRateLimitEnabled } from './shared-rate-limit';

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

// Two limiters on one store stand for two app processes on one database (the API-level test with
// real processes is tests/onboarding/rate-limit.test.ts).
function oneStore(): LimiterFactory {
  let store: RateLimiterAbstract | undefined;
  return (options) => (store ??= memoryLimiter(options));
}

async function admitted(limiter: SharedTenantRateLimiter, tenant: string, tries: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < tries; i++) {
    try {
      await limiter.take(tenant);
      count++;
    } catch (error) {
      expect(error).toBeInstanceOf(RateLimited);
      expect((error as RateLimited).retryAfterSeconds).toBe(1);
    }
  }
  return count;
}

describe('SharedTenantRateLimiter', () => {
  it('admits a tenant its rate once across processes sharing the store, not once per process', async () => {
    const store = oneStore();
    const first = new SharedTenantRateLimiter(10, store);
    const second = new SharedTenantRateLimiter(10, store);
    const total = (await admitted(first, 'acme', 8)) + (await admitted(second, 'acme', 8));
    expect(total).toBe(10);
    expect(await admitted(second, 'globex', 3)).toBe(3); // another tenant has its own window
  });

  it('is off at rate 0 and only when LEDGER_RATE_LIMIT_SHARED=1 is set', async () => {
    expect(await admitted(new SharedTenantRateLimiter(0, oneStore()), 'acme', 100)).toBe(100);
    expect(sharedRateLimitEnabled(env({ LEDGER_RATE_LIMIT_SHARED: '1' }))).toBe(true);
    expect(sharedRateLimitEnabled(env({}))).toBe(false);
  });
});
