import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { claimFairlySql, claimOldestSql } from '@/lib/jobs/claim-sql';
import { tenantId, withDatabase } from '../support/db';

// A claim commits without waiting for the disk (lib/jobs/claim-sql.ts): the setting holds for the
// claim's own transaction and no other. The task here is run by no lane: nothing else claims it.

const TASK = 'test.claim-commit';
const ALONG = 'test.claim-along';
const OTHER = 'test.claim-other';
const RENDER = 'test.claim-render';
const OFFER = "test.claim-o'offer";
const WORKER = 'test-claims';

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = ANY($1)`, [[TASK, ALONG, OTHER, RENDER, OFFER]]));
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

describe('a claim across tenants in turn', () => {
  type Queued = { task: string; tenant: string | null; secondsAgo: number; leased?: boolean };
  /** Queues the jobs in this order (ids ascending), due the given seconds ago; answers their ids. */
  const queue = (client: pg.Client, jobs: Queued[]) =>
    client
      .query<{ id: string }>(
        `INSERT INTO "Job" ("task", "payload", "tenantId", "runAt", "lockedBy", "lockedUntil")
         SELECT job."task", '{}'::jsonb, job."tenantId", now() - make_interval(secs => job."secondsAgo"),
           CASE WHEN job."leased" THEN 'another worker' END, CASE WHEN job."leased" THEN now() + interval '30 seconds' END
         FROM unnest($1::text[], $2::uuid[], $3::float8[], $4::boolean[]) WITH ORDINALITY AS job("task", "tenantId", "secondsAgo", "leased", "place")
         ORDER BY job."place"
         RETURNING "id"`,
        [
          jobs.map((job) => job.task),
          jobs.map((job) => job.tenant),
          jobs.map((job) => job.secondsAgo),
          jobs.map((job) => job.leased ?? false),
        ],
      )
      .then((result) => result.rows.map((row) => row.id));
  const claim = async (client: pg.Client, limit: number, options: { deferYoungerThanMs?: number } = {}) => {
    const sql = claimFairlySql({
      workerId: WORKER,
      leaseMs: 30_000,
      taskNames: [RENDER, OFFER],
      urgentTasks: [OFFER],
      leastRecentFirst: [],
      limit,
      ...options,
    });
    return (await client.query<{ id: string }>(sql.text, sql.values as unknown[])).rows.map((row) => row.id).sort();
  };
  const inQueue = async (work: (client: pg.Client, acme: string, globex: string) => Promise<void>) => {
    const acme = await tenantId('acme');
    const globex = await tenantId('globex');
    await withDatabase(async (client) => {
      try {
        await work(client, acme, globex);
      } finally {
        await client.query(`DELETE FROM "Job" WHERE "task" = ANY($1)`, [[RENDER, OFFER]]);
      }
    });
  };

  it("takes each tenant's first job before any tenant's second, however far back the others' first is", async () => {
    await inQueue(async (client, acme, globex) => {
      const ids = await queue(client, [
        ...Array.from({ length: 5 }, (_, n) => ({ task: RENDER, tenant: acme, secondsAgo: 60 - n })),
        { task: RENDER, tenant: globex, secondsAgo: 1 },
        { task: RENDER, tenant: null, secondsAgo: 2 },
      ]);
      // acme's oldest, globex's only and the one of no tenant: each the first of its queue.
      expect(await claim(client, 3)).toEqual([ids[0], ids[5], ids[6]].sort());
      // Then acme's second and third: the other queues are empty.
      expect(await claim(client, 2)).toEqual([ids[1], ids[2]].sort());
    });
  });

  it("counts a tenant's running jobs into its turn, and takes its urgent jobs before its older background ones", async () => {
    await inQueue(async (client, acme, globex) => {
      const ids = await queue(client, [
        { task: RENDER, tenant: acme, secondsAgo: 90, leased: true },
        { task: RENDER, tenant: acme, secondsAgo: 80 },
        { task: OFFER, tenant: acme, secondsAgo: 1 },
        { task: RENDER, tenant: globex, secondsAgo: 5 },
      ]);
      // acme runs one: its first waiting job comes second in turn, after globex's first.
      expect(await claim(client, 1)).toEqual([ids[3]]);
      // acme's offer (urgent, queued last) before its render that waited 80 s.
      expect(await claim(client, 1)).toEqual([ids[2]]);
      expect(await claim(client, 1)).toEqual([ids[1]]);
    });
  });

  it("counts all of a tenant's running jobs, more than one claim takes", async () => {
    await inQueue(async (client, acme, globex) => {
      const ids = await queue(client, [
        { task: RENDER, tenant: acme, secondsAgo: 90, leased: true },
        { task: RENDER, tenant: acme, secondsAgo: 85, leased: true },
        { task: RENDER, tenant: acme, secondsAgo: 80 },
        { task: RENDER, tenant: globex, secondsAgo: 5 },
        { task: RENDER, tenant: globex, secondsAgo: 4 },
      ]);
      // acme's waiting job: first in its queue, two of its running, so third in turn; globex's two
      // come first and second (the first, once claimed, runs and puts the second behind it).
      expect(await claim(client, 1)).toEqual([ids[3]]);
      expect(await claim(client, 1)).toEqual([ids[4]]);
      expect(await claim(client, 1)).toEqual([ids[2]]);
    });
  });

  it('takes only urgent jobs and jobs that waited long enough while it defers the young', async () => {
    await inQueue(async (client, acme, globex) => {
      const ids = await queue(client, [
        { task: RENDER, tenant: acme, secondsAgo: 5 },
        { task: RENDER, tenant: acme, secondsAgo: 30 },
        { task: OFFER, tenant: globex, secondsAgo: 1 },
        { task: RENDER, tenant: null, secondsAgo: 3 },
      ]);
      expect(await claim(client, 4, { deferYoungerThanMs: 20_000 })).toEqual([ids[1], ids[2]].sort());
      expect(await claim(client, 4)).toEqual([ids[0], ids[3]].sort());
    });
  });

  it('reads the fronts of the queues, not the whole of a long one', async () => {
    await inQueue(async (client, acme, globex) => {
      await client.query(
        `INSERT INTO "Job" ("task", "payload", "tenantId", "runAt")
         SELECT $1, '{}'::jsonb, CASE WHEN n % 2 = 0 THEN $2::uuid ELSE $3::uuid END, now() - make_interval(secs => n) FROM generate_series(1, 10000) AS n`,
        [RENDER, acme, globex],
      );
      // As autovacuum would after such a burst: the planner knows how long the queue is.
      await client.query('ANALYZE "Job"');
      const sql = claimFairlySql({
        workerId: WORKER,
        leaseMs: 30_000,
        taskNames: [RENDER, OFFER],
        urgentTasks: [OFFER],
        leastRecentFirst: [],
        limit: 2,
      });
      await client.query('BEGIN');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql.text}`,
        sql.values as unknown[],
      );
      await client.query('ROLLBACK');
      const plan = rows[0]!['QUERY PLAN'][0].Plan;
      // A few pages a probe of the index and one a job read: 66 when this was written. Ranking the
      // whole queue, as the claim once did, read every page of it and its 10,000 index entries.
      expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(150);
    });
  });
});
