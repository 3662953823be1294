import { describe, expect, it } from 'vitest';
import { RateLimited } from '@/lib/errors';
import { BoundedSlots } from './bounded-slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A call that counts itself running until released. */
function gate(running: { now: number; peak: number }) {
  let release!: () => void;
  const work = () =>
    new Promise<void>((resolve) => {
      running.now++;
      running.peak = Math.max(running.peak, running.now);
      release = () => {
        running.now--;
        resolve();
      };
    });
  return { work, release: () => release() };
}

describe('bounded slots', () => {
  it('keeps the count of a key while any of its calls runs, so a call that ends never lets two more start', async () => {
    const slots = new BoundedSlots({ running: 2, waiting: 4, waitMs: 1_000, busy: () => new RateLimited('busy', 1) });
    const running = { now: 0, peak: 0 };
    const calls = Array.from({ length: 4 }, () => gate(running));
    const first = slots.run('k', calls[0]!.work);
    void slots.run('k', calls[1]!.work);
    await tick();
    calls[0]!.release();
    await first;
    // One of the two still runs: of the next two calls, one starts and one waits.
    void slots.run('k', calls[2]!.work);
    void slots.run('k', calls[3]!.work);
    await tick();
    expect(slots.inUse('k')).toEqual({ running: 2, waiting: 1 });
    expect(running.peak).toBe(2);
    for (const call of calls.slice(1)) {
      call.release();
      await tick();
    }
    expect(slots.inUse('k')).toEqual({ running: 0, waiting: 0 });
    expect(slots.keysInFlight()).toBe(0);
  });
});
