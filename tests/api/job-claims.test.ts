import { afterAll, describe, expect, it } from 'vitest';
import { claimFairlySql, claimOldestSql } from '@/lib/jobs/claim-sql';
import { tenantId, withDatabase } from '../support/db';

// A claim commits without waiting for the disk (lib/jobs/claim-sql.ts): the setting holds for the
// claim's own transaction and no other. The task here is run by no lane: nothing else claims it.

const TASK = 'test.claim-commit';
const ALONG = 'test.claim-along';
const OTHER = 'test.claim-other';
const WORKER = 'test-claims';

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = ANY($1)`, [[TASK, ALONG, OTHER]]));
});

describe('a claim of a job', () => {
  it.each([
    ['oldest first', claimOldestSql({ workerId: WORKER, leaseMs: 30_000, taskNames: [TASK], limit: 1 })],
    [
      'across tenants in turn',
      claimFairlySql({ workerId: WORKER, leaseMs: 30_000, taskNames: [TASK], limit: 1, urgentTasks: [], leastRecentFirst: [] }),
    ],
  ])('(%s) takes the job and commits without a flush, in its own transaction only', async (_, claim) => {
    await withDatabase(async (client) => {
      await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ($1, '{}')`, [TASK]);
      await client.query('BEGIN');
      const claimed = await client.query<{ id: string; task: string; attempts: number }>(claim.text, claim.values as unknown[]);
      const inClaim = (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit;
      await client.query('COMMIT');
      const afterwards = (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit;

      expect(claimed.rows).toEqual([expect.objectContaining({ task: TASK, attempts: 1 })]);
      expect(inClaim).toBe('off');
      expect(afterwards).toBe('on');
      const held = await client.query(`SELECT "lockedBy" FROM "Job" WHERE "id" = $1::bigint AND "lockedUntil" > now()`, [
        claimed.rows[0]!.id,
      ]);
      expect(held.rows).toEqual([{ lockedBy: WORKER }]);
    });
  });
});

describe('a claim of jobs of a task that takes jobs along', () => {
  const input = (running: { task: string; tenantId: string }[]) => ({
    workerId: WORKER,
    leaseMs: 30_000,
    taskNames: [ALONG, OTHER],
    limit: 10,
    takenTogether: { tasks: [ALONG], running },
  });
  const claims = {
    'oldest first': (running: { task: string; tenantId: string }[]) => claimOldestSql(input(running)),
    'across tenants in turn': (running: { task: string; tenantId: string }[]) =>
      claimFairlySql({ ...input(running), urgentTasks: [], leastRecentFirst: [] }),
  };

  it.each(Object.entries(claims))(
    "(%s) takes only the oldest of a tenant's, none of a tenant with one running, and every job of other tasks",
    async (_, claimSql) => {
      const acme = await tenantId('acme');
      const globex = await tenantId('globex');
      await withDatabase(async (client) => {
        // Three of acme's and one of globex's to take along, two of another task of acme's; one statement, ids in this order.
        const { rows: queued } = await client.query<{ id: string; task: string; tenantId: string }>(
          `INSERT INTO "Job" ("task", "payload", "tenantId")
           SELECT job."task", '{}'::jsonb, job."tenantId"
           FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS job("task", "tenantId", "place") ORDER BY job."place"
           RETURNING "id", "task", "tenantId"::text AS "tenantId"`,
          [
            [ALONG, ALONG, ALONG, ALONG, OTHER, OTHER],
            [acme, acme, acme, globex, acme, acme],
          ],
        );
        const ids = queued.map((job) => job.id);
        try {
          const first = claimSql([{ task: ALONG, tenantId: globex }]);
          const claimedFirst = await client.query<{ id: string }>(first.text, first.values as unknown[]);
          // globex has one running: none of its; acme's oldest only; both of the other task.
          expect(claimedFirst.rows.map((row) => row.id).sort()).toEqual([ids[0], ids[4], ids[5]].sort());

          const second = claimSql([]);
          const claimedSecond = await client.query<{ id: string }>(second.text, second.values as unknown[]);
          // acme's next, and globex's now that none of its runs.
          expect(claimedSecond.rows.map((row) => row.id).sort()).toEqual([ids[1], ids[3]].sort());
        } finally {
          await client.query(`DELETE FROM "Job" WHERE "id" = ANY($1::bigint[])`, [ids]);
        }
      });
    },
  );
});
