import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';

// A settled request never changes, so the app answers it again from what it read
// (lib/ledger/requests/settled-requests.ts); a pending one is read every time. The rows here are
// this file's own, with no job behind them; the statements below change them behind the app's
// back, which nothing in the ledger does to a settled request, to show which answers were read again.

const REQUESTS = '/api/v1/ledger/requests';

let broker: string;
let acme: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  acme = await tenantId('acme');
});

async function requestRow(status: 'pending' | 'success'): Promise<string> {
  const id = randomUUID();
  const data =
    status === 'success'
      ? JSON.stringify({
          policyId: randomUUID(),
          policyNumber: 'ACME-HOME-2026-000998',
          message: 'issued',
          invoiceNumber: 'INV-2026-000998',
        })
      : null;
  await withDatabase((db) =>
    db.query(
      `INSERT INTO "Request" ("id", "tenantId", "type", "status", "data", "createdBy", "createdAt", "updatedAt")
        VALUES ($1, $2, 'issue', $3, $4::jsonb, 'settled-requests test', '2026-06-01T09:30:00.000Z', '2026-06-01T09:30:01.000Z')`,
      [id, acme, status, data],
    ),
  );
  return id;
}

const touch = (id: string, updatedAt: string) =>
  withDatabase((db) => db.query(`UPDATE "Request" SET "updatedAt" = $2 WHERE "id" = $1`, [id, updatedAt]));

describe('a request polled again', () => {
  it('is read again every time while it is pending', async () => {
    const id = await requestRow('pending');
    expect((await call(`${REQUESTS}/${id}`, { token: broker })).body.updatedAt).toBe('2026-06-01T09:30:01.000Z');
    await touch(id, '2026-06-01T09:30:02.000Z');
    expect((await call(`${REQUESTS}/${id}`, { token: broker })).body.updatedAt).toBe('2026-06-01T09:30:02.000Z');
  });

  it('is answered as first read once it has settled, by a poll and by a long poll', async () => {
    const id = await requestRow('success');
    const first = await call(`${REQUESTS}/${id}`, { token: broker });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ requestId: id, status: 'success', updatedAt: '2026-06-01T09:30:01.000Z' });
    await touch(id, '2026-06-01T09:30:09.000Z');
    const again = await call(`${REQUESTS}/${id}`, { token: broker });
    expect(again.text).toBe(first.text);
    const longPoll = await call(`${REQUESTS}/${id}?longPolling=true`, { token: broker });
    expect(longPoll.text).toBe(first.text);
  });

  it("is still refused to another tenant after its own tenant's read was kept", async () => {
    const id = await requestRow('success');
    expect((await call(`${REQUESTS}/${id}`, { token: broker })).status).toBe(200);
    const other = await call(`${REQUESTS}/${id}`, { tenant: 'globex', token: await tokenFor('globex-broker') });
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(other.body.detail).toBe(`Request ${id} was not found`);
  });
});
