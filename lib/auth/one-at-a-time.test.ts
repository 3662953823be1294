import { describe, expect, it, vi } from 'vitest';
import { RateLimited } from '@/lib/errors';
import { keysInFlight, oneAtATime, TURN_WAIT_MS, WAITING_PER_KEY_MAX } from './one-at-a-time';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A task that records its start and finishes when released. */
function controlled(log: string[], name: string) {
  let release!: () => void;
  const task = () =>
    new Promise<string>((resolve) => {
      log.push(`start ${name}`);
      release = () => {
        log.push(`end ${name}`);
        resolve(name);
      };
    });
  return { task, release: () => release() };
}

describe('one sign-in at a time per key', () => {
  it('runs calls with one key in arrival order, each after the last settled, and other keys beside them', async () => {
    const log: string[] = [];
    const first = controlled(log, 'a1');
    const second = controlled(log, 'a2');
    const other = controlled(log, 'b1');
    const results = [oneAtATime('a', first.task), oneAtATime('a', second.task), oneAtATime('b', other.task)];
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    first.release();
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    second.release();
    other.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1']);
    expect(keysInFlight()).toBe(0);
  });

  it('lets the next call run after one that throws, and passes the error to its own caller', async () => {
    const failing = oneAtATime('k', () => Promise.reject(new Error('wrong secret')));
    const next = oneAtATime('k', () => Promise.resolve('checked'));
    await expect(failing).rejects.toThrow('wrong secret');
    expect(await next).toBe('checked');
    expect(keysInFlight()).toBe(0);
  });

  it(`answers 429 to a call whose turn has not come within ${TURN_WAIT_MS} ms; the next still waits for the one running`, async () => {
    vi.useFakeTimers();
    try {
      const log: string[] = [];
      const slow = controlled(log, 's1');
      const running = oneAtATime('slow', slow.task);
      const givesUp = oneAtATime('slow', () => Promise.resolve('never')).then(
        (value) => value,
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(TURN_WAIT_MS - 1);
      const after = oneAtATime('slow', async () => {
        log.push('start s3');
        return 's3';
      });
      await vi.advanceTimersByTimeAsync(1);
      const refused = await givesUp;
      expect(refused).toBeInstanceOf(RateLimited);
      expect((refused as RateLimited).retryAfterSeconds).toBe(1);
      expect(log).toEqual(['start s1']);
      slow.release();
      expect(await running).toBe('s1');
      expect(await after).toBe('s3');
      expect(log).toEqual(['start s1', 'end s1', 'start s3']);
      expect(keysInFlight()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`keeps one running and ${WAITING_PER_KEY_MAX} waiting per key, and refuses the rest with 429 at once`, async () => {
    const log: string[] = [];
    const tasks = Array.from({ length: WAITING_PER_KEY_MAX + 4 }, (_, i) => controlled(log, `t${i}`));
    const settled = tasks.map((t) =>
      oneAtATime('flood', t.task).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await tick();
    const refusedAtOnce = (await Promise.all(settled.slice(WAITING_PER_KEY_MAX + 1))).filter((r) => r instanceof RateLimited);
    expect(refusedAtOnce).toHaveLength(3);
    expect((refusedAtOnce[0] as RateLimited).retryAfterSeconds).toBe(1);
    expect(log).toEqual(['start t0']);
    // Another key is not held up by the flood.
    expect(await oneAtATime('owner', () => Promise.resolve('signed in'))).toBe('signed in');
    for (let i = 0; i <= WAITING_PER_KEY_MAX; i++) {
      tasks[i]!.release();
      await tick();
    }
    const results = await Promise.all(settled);
    expect(results.slice(0, WAITING_PER_KEY_MAX + 1)).toEqual(tasks.slice(0, WAITING_PER_KEY_MAX + 1).map((_, i) => `t${i}`));
    expect(keysInFlight()).toBe(0);
  });
});
