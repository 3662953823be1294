import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenantId, withDatabase } from '../support/db';
import { until } from '../support/until';

// A job that completes in its handler's own transaction (ClaimedJob.complete, lib/jobs/worker.ts)
// deletes its row there only while this worker still holds the lease: the job goes only with the
// work, and a worker whose lease another took commits nothing, on either transaction path. Each case
// runs one job of a task name of its own, by a worker started here, so the stack's workers never
// touch it; the work each does is one counter row of its own, which no other code reads.

process.env.DATABASE_URL = inject('databaseUrl');
const { Prisma } = await import('@/lib/db/generated/client');
const { startWorker } = await import('@/lib/jobs/worker');
type ClaimedJob = import('@/lib/jobs/worker').ClaimedJob;
const { listener } = await import('@/lib/jobs/listener');
const { metrics } = await import('@/lib/metrics/registry');
const { tenantWrite } = await import('@/lib/db/tenant-write');
const { withTenant } = await import('@/lib/db/tenant');
const { sqlOf } = await import('@/lib/db/sql-tx');

const TASK = `test.complete.${randomUUID().slice(0, 8)}`;
let acme: string;

beforeAll(async () => {
  acme = await tenantId('acme');
});

afterAll(async () => {
  await withDatabase(async (client) => {
    await client.query(`DELETE FROM "Job" WHERE "task" LIKE $1`, [`${TASK}:%`]);
    await client.query(`DELETE FROM "Sequence" WHERE "name" LIKE $1`, [`${TASK}:%`]);
  });
  await listener.close();
});

/** The job's work: a counter row named after the job, written in the handler's transaction. */
const markerSql = (name: string) => Prisma.sql`INSERT INTO "Sequence" ("tenantId", "name", "value") VALUES (${acme}::uuid, ${name}, 1)`;

/** What a job left: its counter row's value (null when none) and whether its own row is still queued, and by whom. */
const leftBy = (name: string) =>
  withDatabase(async (client) => {
    const marker = await client.query<{ value: number }>(`SELECT "value" FROM "Sequence" WHERE "name" = $1`, [name]);
    const job = await client.query<{ lockedBy: string | null }>(`SELECT "lockedBy" FROM "Job" WHERE "task" = $1`, [name]);
    return { marker: marker.rows[0]?.value ?? null, job: job.rows[0] ?? null };
  });

/** Another worker takes the job's lease, as after this one stalled past it. */
const leaseTakenOver = (job: ClaimedJob) =>
  withDatabase((client) => client.query(`UPDATE "Job" SET "lockedBy" = 'another worker' WHERE "id" = $1`, [String(job.id)]));

/** How many jobs of the task ended with `outcome` (the worker's metric). */
async function finished(task: string, outcome: string): Promise<number> {
  const { values } = await metrics().jobsFinished.get();
  return values.find((value) => value.labels.task === task && value.labels.outcome === outcome)?.value ?? 0;
}

/**
 * Queues one job of a task named `name`, of its own so that no other job's outcome is counted as
 * its, runs it once with `run` on a worker of its own, and answers what the run threw.
 */
async function runOnce(name: string, run: (job: ClaimedJob) => Promise<void>): Promise<{ thrown: unknown }> {
  let thrown: unknown;
  let runs = 0;
  const outcomes = async () => (await finished(name, 'done')) + (await finished(name, 'lease_lost')) + (await finished(name, 'retry'));
  await withDatabase((client) =>
    client.query(`INSERT INTO "Job" ("task", "payload", "tenantId") VALUES ($1, '{}'::jsonb, $2)`, [name, acme]),
  );
  const worker = await startWorker({
    tasks: {
      [name]: {
        run: async (job) => {
          if (runs++ > 0) return;
          try {
            await run(job);
          } catch (error) {
            thrown = error;
            throw error;
          }
        },
      },
    },
    concurrency: 1,
    pollIntervalMs: 50,
    lane: 'test',
    queueVacuum: 'off',
  });
  try {
    await until(async () => (await outcomes()) > 0, 'the job run and its outcome counted');
  } finally {
    await worker.stop();
  }
  return { thrown };
}

describe("a job's completion", () => {
  it('commits the work and deletes the job together', async () => {
    const name = `${TASK}:done`;
    await runOnce(name, (job) =>
      tenantWrite(acme, async (tx) => {
        await tx.execute(markerSql(name));
        await job.complete(tx);
      }),
    );
    expect(await leftBy(name)).toEqual({ marker: 1, job: null });
    expect(await finished(name, 'done')).toBe(1);
  });

  it('rolls the work back and leaves the job to the worker that holds its lease, on the one-message tenant write', async () => {
    const name = `${TASK}:lost`;
    const { thrown } = await runOnce(name, (job) =>
      tenantWrite(acme, async (tx) => {
        await tx.execute(markerSql(name));
        await leaseTakenOver(job);
        await job.complete(tx);
      }),
    );
    expect(String(thrown)).toMatch(/lease on job \d+ was lost/);
    expect(await leftBy(name)).toEqual({ marker: null, job: { lockedBy: 'another worker' } });
    expect([await finished(name, 'lease_lost'), await finished(name, 'done'), await finished(name, 'retry')]).toEqual([1, 0, 0]);
  });

  it("rolls the work back the same way in Prisma's interactive transaction", async () => {
    const name = `${TASK}:lost-prisma`;
    const { thrown } = await runOnce(name, (job) =>
      withTenant(acme, async (tx) => {
        await tx.$executeRaw(markerSql(name));
        await leaseTakenOver(job);
        await job.complete(sqlOf(tx));
      }),
    );
    expect(String(thrown)).toMatch(/lease on job \d+ was lost/);
    expect(await leftBy(name)).toEqual({ marker: null, job: { lockedBy: 'another worker' } });
    expect([await finished(name, 'lease_lost'), await finished(name, 'done'), await finished(name, 'retry')]).toEqual([1, 0, 0]);
  });
});
