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
});
