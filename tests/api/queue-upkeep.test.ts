import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/db';
import { until } from '../support/until';

// A worker vacuums the queue's table itself once it has finished enough jobs (lib/jobs/queue-upkeep.ts),
// so that claims do not walk a minute's worth of dead index entries between autovacuum's visits.

process.env.DATABASE_URL = inject('databaseUrl');
const { startWorker } = await import('@/lib/jobs/worker');
const { listener } = await import('@/lib/jobs/listener');
const { metrics } = await import('@/lib/metrics/registry');

const TASK = `test.upkeep.${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = $1`, [TASK]));
  await listener.close();
});

async function vacuumsRun(): Promise<number> {
  const { values } = await metrics().queueVacuum.get();
  return values.find((value) => value.metricName === 'ledger_queue_vacuum_seconds_count')?.value ?? 0;
}

const vacuumCount = () =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ count: string }>(`SELECT vacuum_count AS count FROM pg_stat_user_tables WHERE relname = 'Job'`);
    return Number(rows[0]!.count);
  });

describe("a worker's upkeep of the queue", () => {
  it("vacuums the queue's table after the jobs it was told to wait for, and not before", async () => {
    let ran = 0;
    const worker = await startWorker({
      tasks: { [TASK]: { run: async () => void ran++ } },
      pollIntervalMs: 100,
      lane: 'test',
      queueVacuum: { everyJobs: 3, minIntervalMs: 0 },
    });
    try {
      const queue = (count: number) =>
        withDatabase((client) =>
          client.query(`INSERT INTO "Job" ("task", "payload") SELECT $1, '{}'::jsonb FROM generate_series(1, $2)`, [TASK, count]),
        );
      const vacuumsBefore = await vacuumsRun();
      const countBefore = await vacuumCount();
      await queue(2);
      await until(() => ran === 2, 'the first two jobs');
      expect(await vacuumsRun()).toBe(vacuumsBefore);
      await queue(1);
      await until(async () => (await vacuumsRun()) === vacuumsBefore + 1, 'a vacuum after the third job');
      // PostgreSQL counted it too (its statistics reach the view within a second or so).
      await until(async () => (await vacuumCount()) > countBefore, "PostgreSQL's count of the table's vacuums");
    } finally {
      await worker.stop();
    }
  });
});
