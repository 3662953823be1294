import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../support/db';

// A new job's notice names its task (migration 0016), so each worker lane wakes only for its own
// tasks (lib/jobs/wake.ts). The tasks here are run by no lane: nothing claims them meanwhile.

const TASK_A = 'test.notice-a';
const TASK_B = 'test.notice-b';

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" IN ($1, $2)`, [TASK_A, TASK_B]));
});

/** The ledger_jobs notices delivered while `act` runs on another connection. */
async function noticesDuring(act: () => Promise<void>): Promise<string[]> {
  return withDatabase(async (listener) => {
    const notices: string[] = [];
    listener.on('notification', (message) => {
      if (message.channel === 'ledger_jobs') notices.push(message.payload ?? '');
    });
    await listener.query('LISTEN ledger_jobs');
    await act();
    // Notices travel at commit; a round trip on the listening connection lets any in flight arrive.
    await listener.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listener.query('SELECT 1');
    return notices.filter((notice) => notice === TASK_A || notice === TASK_B).sort();
  });
}

describe('a new job', () => {
  it('is announced at commit with its task: one notice per task, however many jobs of it', async () => {
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
});
