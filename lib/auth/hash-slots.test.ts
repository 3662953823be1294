import { describe, expect, it } from 'vitest';
import { RateLimited } from '@/lib/errors';
import { HASH_QUEUE_MAX, HASHES_MAX, hashSlotsInUse, withHashSlot } from './hash-slots';

describe('hash slots', () => {
  it(`runs at most ${HASHES_MAX} hashes at once, queues ${HASH_QUEUE_MAX} more, and refuses the rest with 429`, async () => {
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const hashing = () =>
      new Promise<string>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        gates.push(() => {
          running--;
          resolve('ok');
        });
      });
    const total = HASHES_MAX + HASH_QUEUE_MAX + 5;
    const settled = Array.from({ length: total }, () =>
      withHashSlot(hashing).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hashSlotsInUse()).toEqual({ running: HASHES_MAX, waiting: HASH_QUEUE_MAX });
    // Let every hash finish as it starts.
    while (gates.length > 0 || hashSlotsInUse().running > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const results = await Promise.all(settled);
    expect(peak).toBe(HASHES_MAX);
    expect(results.filter((result) => result === 'ok')).toHaveLength(HASHES_MAX + HASH_QUEUE_MAX);
    const refused = results.filter((result) => result instanceof RateLimited);
    expect(refused).toHaveLength(5);
    expect((refused[0] as RateLimited).retryAfterSeconds).toBeGreaterThan(0);
    expect(hashSlotsInUse()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the hash throws', async () => {
    await expect(withHashSlot(() => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash');
    expect(hashSlotsInUse()).toEqual({ running: 0, waiting: 0 });
  });
});
