import { afterAll, describe, expect, it } from 'vitest';
import { jobChannel } from '@/lib/jobs/job-channel';
import { quoteChannel } from '@/lib/jobs/listener';
import { tenantId, withDatabase } from '../support/db';

// A new job is announced on its task's own channel (migration 0017), so only the workers of the lane
// that runs it are woken (lib/jobs/job-channel.ts). The tasks here are run by no lane: nothing
// claims them meanwhile.

const TASK_A = 'test.notice-a';
const TASK_B = 'test.notice-b';

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" IN ($1, $2)`, [TASK_A, TASK_B]));
});

/**
 * The tasks whose channels had a notice while `act` ran on another connection, once per notice;
 * notices on the channel every worker listened on before are counted too, as the task `ledger_jobs`.
 */
async function noticesDuring(act: () => Promise<void>): Promise<string[]> {
  return withDatabase(async (listener) => {
    const channels = new Map([
      [jobChannel(TASK_A), TASK_A],
      [jobChannel(TASK_B), TASK_B],
      ['ledger_jobs', 'ledger_jobs'],
    ]);
    const notices: string[] = [];
    listener.on('notification', (message) => {
      const task = channels.get(message.channel);
      if (task) notices.push(task);
    });
    for (const channel of channels.keys()) await listener.query(`LISTEN ${quoteChannel(channel)}`);
    await act();
    // Notices travel at commit; a round trip on the listening connection lets any in flight arrive.
    await listener.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listener.query('SELECT 1');
    return notices.sort();
  });
}

describe('a new job', () => {
  it("is announced at commit on its task's channel: one notice per task, however many jobs of it, and none on the old shared channel", async () => {
    const notices = await noticesDuring(() =>
      withDatabase(async (client) => {
        await client.query('BEGIN');
        await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ($1, '{}'), ($1, '{}'), ($2, '{}')`, [TASK_A, TASK_B]);
        await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ($1, '{}')`, [TASK_A]);
        await client.query('COMMIT');
      }),
    );
    expect(notices).toEqual([TASK_A, TASK_B]);
  });

  it('is not announced when its transaction rolls back', async () => {
    const notices = await noticesDuring(() =>
      withDatabase(async (client) => {
        await client.query('BEGIN');
        await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ($1, '{}')`, [TASK_B]);
        await client.query('ROLLBACK');
      }),
    );
    expect(notices).toEqual([]);
  });

  it('brought forward by an upsert (as a new webhook delivery does) or given another chance is announced again; claimed, leased or retried later is not', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const jobId = await withDatabase(
      async (client) =>
        (
          await client.query<{ id: string }>(
            `INSERT INTO "Job" ("task", "payload", "dedupeKey", "runAt") VALUES ($1, '{}', $2, now() + interval '1 hour') RETURNING "id"::text AS id`,
            [TASK_A, key],
          )
        ).rows[0]!.id,
    );
    const upsert = () =>
      withDatabase(async (client) => {
        await client.query(
          `INSERT INTO "Job" ("task", "payload", "dedupeKey", "runAt") VALUES ($1, '{}', $2, now())
           ON CONFLICT ("dedupeKey") DO UPDATE SET "runAt" = LEAST("Job"."runAt", EXCLUDED."runAt"), "failedAt" = NULL`,
          [TASK_A, key],
        );
      });
    const update = (set: string) =>
      noticesDuring(() =>
        withDatabase(async (client) => {
          await client.query(`UPDATE "Job" SET ${set} WHERE "id" = $1::bigint`, [jobId]);
        }),
      );

    expect(await noticesDuring(upsert)).toEqual([TASK_A]);
    // Already due: the same upsert changes nothing a worker waits for.
    expect(await noticesDuring(upsert)).toEqual([]);
    expect(await update(`"lockedBy" = 'w', "lockedUntil" = now() + interval '30 seconds', "attempts" = "attempts" + 1`)).toEqual([]);
    expect(await update(`"lockedUntil" = now() + interval '60 seconds'`)).toEqual([]);
    expect(await update(`"runAt" = now() + interval '5 seconds', "lockedBy" = NULL, "lockedUntil" = NULL`)).toEqual([]);
    expect(await update(`"failedAt" = now()`)).toEqual([]);
    expect(await update(`"failedAt" = NULL`)).toEqual([TASK_A]);
    expect(await update(`"runAt" = now() - interval '1 hour'`)).toEqual([TASK_A]);
  });

  it('names its tenant: one notice per task and tenant (empty for a job of no tenant), and again when it is given another chance', async () => {
    const acme = await tenantId('acme');
    const globex = await tenantId('globex');
    const payloads = await withDatabase(async (listener) => {
      const heard: string[] = [];
      listener.on('notification', (message) => {
        if (message.channel === jobChannel(TASK_B)) heard.push(message.payload ?? '(none)');
      });
      await listener.query(`LISTEN ${quoteChannel(jobChannel(TASK_B))}`);
      await withDatabase(async (client) => {
        await client.query(
          `INSERT INTO "Job" ("task", "payload", "tenantId") VALUES ($1, '{}', $2), ($1, '{}', $2), ($1, '{}', $3), ($1, '{}', NULL)`,
          [TASK_B, acme, globex],
        );
        await client.query(`UPDATE "Job" SET "failedAt" = now() WHERE "task" = $1 AND "tenantId" = $2`, [TASK_B, globex]);
        await client.query(`UPDATE "Job" SET "failedAt" = NULL WHERE "task" = $1 AND "tenantId" = $2`, [TASK_B, globex]);
      });
      await listener.query('SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await listener.query('SELECT 1');
      return heard;
    });
    expect(payloads.slice(0, 3).sort()).toEqual(['', acme, globex].sort());
    expect(payloads.slice(3)).toEqual([globex]);
  });
});
