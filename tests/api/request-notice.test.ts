import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { settledRequestOf } from '@/lib/ledger/requests/get-request';
import { call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';

// A request's settling sends its answer with the notice (migration 0021), and a long poll waiting
// on it answers from the notice instead of reading the row again (lib/ledger/requests/get-request.ts).
// The requests here are rows of this file's own, with no job behind them: nothing settles them
// but the statements below, written as the issue job writes them.

const REQUESTS = '/api/v1/ledger/requests';

let broker: string;
let acme: string;

/** What an issue request's `data` holds once it succeeded, with `message` as given. */
const issued = (message: string) => ({
  policyId: randomUUID(),
  policyNumber: 'ACME-HOME-2026-000999',
  message,
  invoiceNumber: 'INV-2026-000999',
});

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  acme = await tenantId('acme');
});

async function pendingRequest(): Promise<string> {
  const id = randomUUID();
  await withDatabase((db) =>
    db.query(
      `INSERT INTO "Request" ("id", "tenantId", "type", "status", "createdBy", "createdAt", "updatedAt")
        VALUES ($1, $2, 'issue', 'pending', 'request-notice test', '2026-06-01T09:30:00.123Z', '2026-06-01T09:30:00.123Z')`,
      [id, acme],
    ),
  );
  return id;
}

/** The notices on the long polls' channel while `act` runs on another connection. */
async function noticesDuring(act: (db: pg.Client) => Promise<unknown>): Promise<string[]> {
  return withDatabase(async (listener) => {
    const notices: string[] = [];
    listener.on('notification', (message) => notices.push(message.payload ?? ''));
    await listener.query('LISTEN ledger_changes');
    await withDatabase(act);
    // Notices travel at commit; a round trip on the listening connection lets any in flight arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listener.query('SELECT 1');
    return notices;
  });
}

function settledNoticeOf(notices: string[], id: string): string {
  const found = notices.filter((notice) => notice.startsWith(`settled:request:${id}`));
  expect(found, notices.join('\n')).toHaveLength(1);
  return found[0]!;
}

describe('the notice of a settled request', () => {
  it('carries the request as a read of it answers, to the byte, for a success with data', async () => {
    const id = await pendingRequest();
    const data = {
      policyId: randomUUID(),
      policyNumber: 'ACME-HOME-2026-000999',
      message: 'Policy ACME-HOME-2026-000999 issued',
      invoiceNumber: 'INV-2026-000999',
    };
    const notices = await noticesDuring((db) =>
      db.query(`UPDATE "Request" SET "status" = 'success', "data" = $2::jsonb, "updatedAt" = '2026-06-01T09:30:01.250Z' WHERE "id" = $1`, [
        id,
        JSON.stringify(data),
      ]),
    );
    const notice = settledNoticeOf(notices, id);
    const read = await call(`${REQUESTS}/${id}`, { token: broker });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      requestId: id,
      type: 'issue',
      status: 'success',
      data,
      createdAt: '2026-06-01T09:30:00.123Z',
      updatedAt: '2026-06-01T09:30:01.250Z',
    });
    const carried = settledRequestOf(notice.slice(notice.indexOf(' ') + 1), id);
    expect(JSON.stringify(carried)).toBe(read.text);
  });

  it('carries a failure with its error in the same order as a read, and says nothing of a request left pending', async () => {
    const id = await pendingRequest();
    const error = { code: 'issue-failed', message: 'Issuing failed after several attempts' };
    const notices = await noticesDuring(async (db) => {
      await db.query(`UPDATE "Request" SET "updatedAt" = '2026-06-01T09:30:00.500Z' WHERE "id" = $1`, [id]);
      await db.query(
        `UPDATE "Request" SET "status" = 'failed', "error" = $2::jsonb, "updatedAt" = '2026-06-01T09:30:02.007Z' WHERE "id" = $1`,
        [id, JSON.stringify(error)],
      );
    });
    const notice = settledNoticeOf(notices, id);
    const read = await call(`${REQUESTS}/${id}`, { token: broker });
    expect(read.body).toMatchObject({ status: 'failed', data: null, error, updatedAt: '2026-06-01T09:30:02.007Z' });
    expect(JSON.stringify(settledRequestOf(notice.slice(notice.indexOf(' ') + 1), id))).toBe(read.text);
  });

  it('is sent without the answer when it would not fit a notice, and a long poll then reads the request', async () => {
    const id = await pendingRequest();
    const data = issued('x'.repeat(7_500));
    const longPoll = call(`${REQUESTS}/${id}?longPolling=true`, { token: broker });
    // Until the long poll is waiting, its own first read would answer it: settle after it started.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const notices = await noticesDuring((db) =>
      db.query(`UPDATE "Request" SET "status" = 'success', "data" = $2::jsonb WHERE "id" = $1`, [id, JSON.stringify(data)]),
    );
    expect(settledNoticeOf(notices, id)).toBe(`settled:request:${id}`);
    expect(settledRequestOf(undefined, id)).toBeNull();
    const answered = await longPoll;
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({ requestId: id, status: 'success', data });
  });
});

describe('a long poll on a request', () => {
  it('answers from the notice of its settling, without reading the request again', async () => {
    // The row stays pending: only the notice says "success", so an answer of success came from it.
    const id = await pendingRequest();
    const carried = {
      requestId: id,
      type: 'issue',
      status: 'success',
      data: issued('from the notice'),
      error: null,
      createdAt: '2026-06-01T09:30:00.123Z',
      updatedAt: '2026-06-01T09:30:03.000Z',
    };
    let answered = false;
    const longPoll = call(`${REQUESTS}/${id}?longPolling=true`, { token: broker }).finally(() => (answered = true));
    // A notice that comes before the long poll waits is missed, as any notice is: so the test sends
    // it every 100 ms until the long poll answers (at most 10 s; after that the assertions fail).
    for (let sent = 0; !answered && sent < 100; sent++) {
      await withDatabase((db) => db.query(`SELECT pg_notify('ledger_changes', $1)`, [`settled:request:${id} ${JSON.stringify(carried)}`]));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await longPoll;
    expect(answer.status, answer.text).toBe(200);
    const { error: _none, ...shown } = carried;
    expect(answer.body).toEqual(shown);
    expect((await call(`${REQUESTS}/${id}`, { token: broker })).body.status).toBe('pending');
  });

  it('ignores a notice that names another request or carries a pending one, and answers once this one settles', async () => {
    const id = await pendingRequest();
    const other = randomUUID();
    let answered = false;
    const longPoll = call(`${REQUESTS}/${id}?longPolling=true`, { token: broker }).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const misleading = [
      `settled:request:${id} ${JSON.stringify({ requestId: other, type: 'issue', status: 'success', data: null, error: null })}`,
      `settled:request:${id} ${JSON.stringify({ requestId: id, type: 'issue', status: 'pending', data: null, error: null })}`,
      `settled:request:${id} not JSON`,
    ];
    for (const notice of misleading) await withDatabase((db) => db.query(`SELECT pg_notify('ledger_changes', $1)`, [notice]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    const data = issued('settled');
    await withDatabase((db) =>
      db.query(`UPDATE "Request" SET "status" = 'success', "data" = $2::jsonb WHERE "id" = $1`, [id, JSON.stringify(data)]),
    );
    const answer = await longPoll;
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ requestId: id, status: 'success', data });
  });
});
