import { describe, expect, it } from 'vitest';
import { fillSlots } from './fill-slots';

/** A queue of `waiting` jobs and `slots` free slots; records every claim's limit. */
function worker(waiting: number, slots: number) {
  const claims: number[] = [];
  const started: number[] = [];
  let queued = waiting;
  let running = 0;
  let stopped = false;
  const run = () =>
    fillSlots<number>({
      free: () => slots - running,
      claim: async (limit) => {
        claims.push(limit);
        const taken = Math.min(limit, queued);
        queued -= taken;
        return Array.from({ length: taken }, (_, index) => started.length + index + 1);
      },
      start: (job) => {
        running++;
        started.push(job);
      },
      stopping: () => stopped,
    });
  return {
    claims,
    started,
    run,
    stop: () => (stopped = true),
    finish: (count: number) => (running -= count),
  };
}

describe('filling a worker’s free slots', () => {
  it('one job queued, four slots free: one claim, not a second that finds nothing', async () => {
    const w = worker(1, 4);
    await w.run();
    expect(w.claims).toEqual([4]);
    expect(w.started).toEqual([1]);
  });

  it('an empty queue: one claim', async () => {
    const w = worker(0, 4);
    await w.run();
    expect(w.claims).toEqual([4]);
    expect(w.started).toEqual([]);
  });

  it('claims again while each claim comes back full, until the slots are full', async () => {
    const w = worker(10, 4);
    await w.run();
    expect(w.claims).toEqual([4]);
    expect(w.started).toEqual([1, 2, 3, 4]);
    // Two jobs end: their two slots are claimed, full again.
    w.finish(2);
    await w.run();
    expect(w.claims).toEqual([4, 2]);
    expect(w.started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a slot that frees during a round is filled by that round’s next claim', async () => {
    const claims: number[] = [];
    let running = 0;
    let oneEnded = false;
    await fillSlots<number>({
      free: () => 4 - running,
      claim: async (limit) => {
        claims.push(limit);
        return Array.from({ length: limit }, (_, index) => index);
      },
      start: () => {
        running++;
        // The first job is over by the time the fourth starts.
        if (running === 4 && !oneEnded) {
          oneEnded = true;
          running--;
        }
      },
      stopping: () => false,
    });
    expect(claims).toEqual([4, 1]);
    expect(running).toBe(4);
  });

  it('claims nothing once the worker is stopping, and nothing when no slot is free', async () => {
    const stopping = worker(5, 4);
    stopping.stop();
    await stopping.run();
    expect(stopping.claims).toEqual([]);

    const full = worker(5, 0);
    await full.run();
    expect(full.claims).toEqual([]);
  });
});
