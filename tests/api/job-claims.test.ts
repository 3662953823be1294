import { afterAll, describe, expect, it } from 'vitest';
import { claimFairlySql, claimOldestSql } from '@/lib/jobs/claim-sql';
import { withDatabase } from '../support/db';

// A claim commits without waiting for the disk (lib/jobs/claim-sql.ts): the setting holds for the
// claim's own transaction and no other. The task here is run by no lane: nothing else claims it.

const TASK = 'test.claim-commit';
const WORKER = 'test-claims';

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = $1`, [TASK]));
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
