import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/db';

// A lane that defers its background work while the host is busy (lib/jobs/worker.ts,
// `deferWhenHostBusy`; the documents lane's renders): with no core to spare it still takes what a
// client waits for (urgent tasks, jobs promoted by a download) and what has waited long enough,
// and the rest as soon as a core is free. The gauge of idle cores is the test's own.

process.env.DATABASE_URL = inject('databaseUrl');
const { startWorker } = await import('@/lib/jobs/worker');
const { listener } = await import('@/lib/jobs/listener');

const prefix = `test.defer.${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" LIKE $1`, [`${prefix}.%`]));
  await listener.close();
});

/** Queues a job of `task` named `name`, due `dueAgoMs` ago. */
async function queue(task: string, name: string, dueAgoMs: number): Promise<void> {
  await withDatabase((client) =>
    client.query(`INSERT INTO "Job" ("task", "payload", "runAt") VALUES ($1, $2::jsonb, now() - make_interval(secs => $3))`, [
      task,
      JSON.stringify({ name }),
      dueAgoMs / 1000,
    ]),
  );
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each([
  { claim: 'across tenants in turn', fairAcrossTenants: true },
  { claim: 'oldest first', fairAcrossTenants: false },
])('a worker that defers background work while the host is busy, claiming $claim', ({ fairAcrossTenants }) => {
  it('takes only what a client waits for and what waited 20 s while no core is free, and the rest once one is', async () => {
    const ran: string[] = [];
    const run = async (job: { payload: Record<string, unknown> }) => {
      ran.push(String(job.payload.name));
    };
    let idle: number | null = 0.4;
    const tag = fairAcrossTenants ? 'fair' : 'oldest';
    // Tasks of this case alone: what another case left queued is not this worker's.
    const BACKGROUND = `${prefix}.${tag}.background`;
    const URGENT = `${prefix}.${tag}.urgent`;
    await queue(BACKGROUND, `${tag}:fresh`, 0);
    await queue(BACKGROUND, `${tag}:ten seconds`, 10_000);
    await queue(BACKGROUND, `${tag}:aged`, 25_000);
    // promoteJobs puts a job a download waits for an hour back.
    await queue(BACKGROUND, `${tag}:promoted`, 3_600_000);
    if (fairAcrossTenants) await queue(URGENT, `${tag}:urgent`, 0);
    const worker = await startWorker({
      tasks: { [BACKGROUND]: { run }, [URGENT]: { run } },
      concurrency: 8,
      pollIntervalMs: 100,
      lane: 'test',
      fairAcrossTenants,
      urgentTasks: [URGENT],
      deferWhenHostBusy: { minIdleCores: 1, maxDeferMs: 20_000, idleCores: () => idle },
    });
    try {
      const waitedFor = [`${tag}:aged`, `${tag}:promoted`, ...(fairAcrossTenants ? [`${tag}:urgent`] : [])];
      await until(() => waitedFor.every((name) => ran.includes(name)));
      // Several polls later the young background jobs still wait.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(ran.sort()).toEqual(waitedFor.sort());

      // A job queued now, while the host is busy, waits too.
      await queue(BACKGROUND, `${tag}:queued while busy`, 0);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(ran).toHaveLength(waitedFor.length);

      // A core free of other work: the rest run, at the next poll.
      idle = 1;
      await until(() => ran.length === waitedFor.length + 3);
      expect(ran.slice(waitedFor.length).sort()).toEqual([`${tag}:fresh`, `${tag}:queued while busy`, `${tag}:ten seconds`]);

      // A host the gauge cannot see defers nothing.
      idle = null;
      await queue(BACKGROUND, `${tag}:unseen host`, 0);
      await until(() => ran.includes(`${tag}:unseen host`));
    } finally {
      await worker.stop();
    }
  });
});
