import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimited } from '@/lib/errors';
import { HELD_MAX, heldRefusal, refusalsHeld } from './held-refusal';
import { SignInBlocked } from './throttle';

/** The refusal once answered, or 'pending'. */
function watch(answer: Promise<RateLimited>): () => RateLimited | 'pending' {
  let settled: RateLimited | 'pending' = 'pending';
  void answer.then((refusal) => (settled = refusal));
  return () => settled;
}

describe('a blocked sign-in is answered after a hold', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a refusal one second when the block lasts longer, then names the 4 s that are left', async () => {
    const answer = watch(heldRefusal(new SignInBlocked(5_000)));
    await vi.advanceTimersByTimeAsync(999);
    expect(answer()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const refusal = answer();
    expect(refusal).toBeInstanceOf(SignInBlocked);
    expect((refusal as SignInBlocked).blockedMs).toBe(4_000);
    expect((refusal as SignInBlocked).retryAfterSeconds).toBe(4);
    expect(refusalsHeld()).toBe(0);
  });

  it('holds a refusal only until a shorter block ends, and then asks for a retry in a second', async () => {
    const answer = watch(heldRefusal(new SignInBlocked(300)));
    await vi.advanceTimersByTimeAsync(299);
    expect(answer()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect((answer() as SignInBlocked).blockedMs).toBe(0);
    expect((answer() as SignInBlocked).retryAfterSeconds).toBe(1);
  });

  it('holds a refusal for a full lane or hash queue one second, and answers it as it was', async () => {
    const busy = new RateLimited('Too many sign-ins are being checked at once; retry shortly', 1);
    const answer = watch(heldRefusal(busy));
    await vi.advanceTimersByTimeAsync(999);
    expect(answer()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer()).toBe(busy);
    expect(busy.retryAfterSeconds).toBe(1);
  });

  it('answers at once, unchanged, once HELD_MAX refusals are held', async () => {
    const holding = Array.from({ length: HELD_MAX }, () => heldRefusal(new SignInBlocked(2_500)));
    expect(refusalsHeld()).toBe(HELD_MAX);
    const beyond = new SignInBlocked(2_500);
    const answer = watch(heldRefusal(beyond));
    await vi.advanceTimersByTimeAsync(0);
    expect(answer()).toBe(beyond);
    expect(beyond.retryAfterSeconds).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    const answered = await Promise.all(holding);
    expect(answered.map((refusal) => refusal.retryAfterSeconds)).toEqual(Array(HELD_MAX).fill(2));
    expect(refusalsHeld()).toBe(0);
  });
});
