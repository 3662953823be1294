import { describe, expect, it } from 'vitest';
import { RateLimited } from '@/lib/errors';
import { memoryLimiter } from './rate-limit-store';
import { blockSecondsAfter, clientAddress, DIMENSIONS, SignInThrottle, type Attempt } from './throttle';

const attacker: Attempt = { kind: 'client', account: 'acme-broker', address: '203.0.113.7' };
const owner: Attempt = { ...attacker, address: '198.51.100.9' };

async function refusal(throttle: SignInThrottle, attempt: Attempt): Promise<RateLimited | null> {
  try {
    await throttle.assertAllowed(attempt);
    return null;
  } catch (error) {
    if (error instanceof RateLimited) return error;
    throw error;
  }
}

describe('sign-in throttle', () => {
  it('backs off exponentially past the allowance, capped per dimension', () => {
    const pair = DIMENSIONS.find((d) => d.name === 'pair')!;
    const account = DIMENSIONS.find((d) => d.name === 'account')!;
    expect(pair.freeFailures).toBe(5);
    expect([5, 6, 7, 8, 9].map((n) => blockSecondsAfter(n, pair))).toEqual([0, 1, 2, 4, 8]);
    expect(blockSecondsAfter(5 + 11, pair)).toBe(900); // 2^10 = 1024 s, capped at 15 min
    expect(blockSecondsAfter(30, account)).toBe(0);
    expect(blockSecondsAfter(31, account)).toBe(1);
    expect(blockSecondsAfter(40, account)).toBe(60); // a botnet can hold the owner off a minute at most
  });

  it('refuses the guessing address after five failures, while the owner at another address still gets through', async () => {
    const throttle = new SignInThrottle(memoryLimiter);
    for (let failure = 1; failure <= 5; failure++) {
      expect(await refusal(throttle, attacker)).toBeNull();
      expect(await throttle.recordFailure(attacker)).toEqual([]);
    }
    expect(await refusal(throttle, attacker)).toBeNull();
    expect(await throttle.recordFailure(attacker)).toEqual([{ dimension: 'pair', blockSeconds: 1, failures: 6 }]);
    const refused = await refusal(throttle, attacker);
    expect(refused?.retryAfterSeconds).toBe(1);
    expect(await refusal(throttle, owner)).toBeNull();
  });

  it('a success clears the pair, so the owner’s own typos are forgiven', async () => {
    const throttle = new SignInThrottle(memoryLimiter);
    for (let failure = 1; failure <= 6; failure++) await throttle.recordFailure(owner);
    expect(await refusal(throttle, owner)).not.toBeNull();
    await throttle.recordSuccess(owner);
    expect(await refusal(throttle, owner)).toBeNull();
    expect(await throttle.recordFailure(owner)).toEqual([]);
  });

  it('blocks an account guessed from many addresses, and an address guessing many accounts', async () => {
    const throttle = new SignInThrottle(memoryLimiter);
    for (let n = 0; n < 31; n++) await throttle.recordFailure({ ...attacker, address: `192.0.2.${n}` });
    expect((await refusal(throttle, owner))?.retryAfterSeconds).toBe(1);
    const other = new SignInThrottle(memoryLimiter);
    for (let n = 0; n < 51; n++) await other.recordFailure({ kind: 'user', account: `u${n}@acme.test`, address: '203.0.113.9' });
    expect(await refusal(other, { kind: 'user', account: 'fresh@acme.test', address: '203.0.113.9' })).not.toBeNull();
    expect(await refusal(other, { kind: 'user', account: 'fresh@acme.test', address: '203.0.113.10' })).toBeNull();
  });

  it('takes the address the nearest proxy saw from X-Forwarded-For', () => {
    expect(clientAddress('198.51.100.9', 1)).toBe('198.51.100.9');
    expect(clientAddress('10.0.0.1, 198.51.100.9', 1)).toBe('198.51.100.9');
    expect(clientAddress('6.6.6.6, 198.51.100.9, 10.0.0.2', 2)).toBe('198.51.100.9');
    expect(clientAddress(undefined, 1)).toBe('unknown');
    expect(clientAddress('203.0.113.1', 3)).toBe('203.0.113.1');
  });
});
