import { describe, expect, it } from 'vitest';
import { queueUpkeep } from './queue-upkeep';

function harness(everyJobs: number, minIntervalMs: number) {
  let clockMs = 10_000;
  const started: number[] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const upkeep = queueUpkeep({
    everyJobs,
    minIntervalMs,
    now: () => clockMs,
    vacuum: () =>
      new Promise<void>((resolve, reject) => {
        started.push(clockMs);
        finishers.push((error) => (error ? reject(error) : resolve()));
      }),
  });
  const finish = (jobs: number) => {
    for (let index = 0; index < jobs; index++) upkeep.jobFinished();
  };
  return {
    upkeep,
    started,
    finish,
    advance: (ms: number) => (clockMs += ms),
    endVacuum: async (error?: Error) => {
      finishers.shift()!(error);
      await upkeep.settled();
    },
  };
}

describe("the queue's upkeep", () => {
  it('counts the jobs one job took along as finished jobs', async () => {
    const h = harness(5, 0);
    h.upkeep.jobFinished(3);
    expect(h.started).toEqual([]);
    h.upkeep.jobFinished(2);
    expect(h.started).toEqual([10_000]);
    await h.endVacuum();
  });

  it('vacuums once enough jobs are finished, then again only after as many more and the interval', async () => {
    const h = harness(3, 1_000);
    h.finish(2);
    expect(h.started).toEqual([]);
    h.finish(1);
    expect(h.started).toEqual([10_000]);
    await h.endVacuum();
    // Three more jobs within the second: not yet; the next job after the second: now.
    h.advance(500);
    h.finish(3);
    expect(h.started).toHaveLength(1);
    h.advance(500);
    h.finish(1);
    expect(h.started).toEqual([10_000, 11_000]);
    await h.endVacuum();
    // A second later but fewer jobs than the bound since the last start: not yet.
    h.advance(5_000);
    h.finish(2);
    expect(h.started).toHaveLength(2);
    h.finish(1);
    expect(h.started).toEqual([10_000, 11_000, 16_000]);
    await h.endVacuum();
  });

  it('never runs two at once: jobs finished meanwhile count towards the next one', async () => {
    const h = harness(2, 0);
    h.finish(2);
    expect(h.started).toHaveLength(1);
    h.finish(5);
    expect(h.started).toHaveLength(1);
    await h.endVacuum();
    h.finish(1);
    expect(h.started).toHaveLength(2);
    await h.endVacuum();
  });

  it('settles only once the running vacuum has ended (a stopping worker waits for it)', async () => {
    const h = harness(1, 0);
    await h.upkeep.settled();
    h.finish(1);
    let settled = false;
    const waiting = h.upkeep.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    await h.endVacuum();
    await waiting;
    expect(settled).toBe(true);
  });

  it('tries again after more jobs when a vacuum fails', async () => {
    const h = harness(2, 0);
    h.finish(2);
    await h.endVacuum(new Error('the database went away'));
    h.finish(1);
    expect(h.started).toHaveLength(1);
    h.finish(1);
    expect(h.started).toHaveLength(2);
    await h.endVacuum();
  });
});
