import { describe, expect, it } from 'vitest';
import { RateLimited } from '@/lib/errors';
import { rateLimitSettings, TenantRateLimiter } from './rate-limit';

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe('TenantRateLimiter', () => {
  it('lets a burst through, then refuses with the seconds until a token is free, and refills with time', () => {
    let now = 0;
    const limiter = new TenantRateLimiter({ ratePerSecond: 2, burst: 3 }, () => now);
    for (let i = 0; i < 3; i++) limiter.take('acme');
    let refused: unknown;
    try {
      limiter.take('acme');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).retryAfterSeconds).toBe(1);
    limiter.take('globex'); // another tenant has its own bucket
    now = 500;
    limiter.take('acme'); // one token back after half a second at 2/s
    expect(() => limiter.take('acme')).toThrow(RateLimited);
  });

  it('is off at rate 0 and reads generous defaults from the environment', () => {
    const off = new TenantRateLimiter({ ratePerSecond: 0, burst: 1 });
    for (let i = 0; i < 10_000; i++) off.take('acme');
    expect(rateLimitSettings(env({}))).toEqual({ ratePerSecond: 1_000, burst: 2_000 });
    expect(rateLimitSettings(env({ LEDGER_RATE_LIMIT_RPS: '5', LEDGER_RATE_LIMIT_BURST: '10' }))).toEqual({ ratePerSecond: 5, burst: 10 });
    expect(rateLimitSettings(env({ LEDGER_RATE_LIMIT_RPS: '50' }))).toEqual({ ratePerSecond: 50, burst: 100 });
    expect(rateLimitSettings(env({ LEDGER_RATE_LIMIT_BURST: 'lots' }))).toEqual({ ratePerSecond: 1_000, burst: 2_000 });
  });
});
