import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import type { RunningStack } from '../../scripts/stack';
import { baseUrl, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { calculatedQuote } from '../support/lifecycle';
import { sleep, startChaosStack } from './stack';

// The offer (spec 4.7) is rendered by the documents lane and awaited by the request. With the
// documents worker down: past the wait bound the answer is 503 with Retry-After, and a retry joins
// the queued render instead of filing a second. When the worker comes back, tenants take turns:
// one tenant's backlog does not hold up another tenant's single offer.

const WAIT_MS = 1_500;
const SALES = '/api/v1/ledger/sales/policies';
let stack: RunningStack;
let acme: string;
let globex: string;

async function offer(id: string, token: string, tenant = 'acme') {
  const started = performance.now();
  const response = await fetch(`${baseUrl()}${SALES}/${id}/generated-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': tenant, 'accept-language': 'en' },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, ms: performance.now() - started };
}

const queuedRenders = (ids: string[]) =>
  withDatabase(
    async (client) =>
      (
        await client.query(`SELECT count(*)::int AS n FROM "Job" WHERE "task" = 'documents.offer' AND "payload"->>'policyId' = ANY($1)`, [
          ids,
        ])
      ).rows[0].n as number,
  );

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

beforeAll(async () => {
  // One render at a time, so the order in which the lane takes jobs is the order they are stored.
  stack = await startChaosStack('offers', { LEDGER_OFFER_WAIT_MS: String(WAIT_MS), WORKER_CONCURRENCY: '1' });
  // The stack starts the general lane, one documents worker and one webhooks worker: stop the documents one.
  const documents = stack.workersIn('documents')[0]!;
  documents.kill('SIGTERM');
  await exited(documents);
  acme = await tokenFor('acme-broker');
  globex = await tokenFor('globex-broker');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('offers while the documents lane is down, and when it returns', () => {
  let first: string;
  let backlog: string[];
  let other: string;

  it('answers 503 with Retry-After past the wait, and a retry joins the queued render', async () => {
    first = await calculatedQuote(acme, 'home');
    const answer = await offer(first, acme);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.ms).toBeGreaterThanOrEqual(WAIT_MS - 100);
    expect(answer.ms).toBeLessThan(WAIT_MS + 5_000);
    const retry = await offer(first, acme);
    expect(retry.status).toBe(503);
    expect(await queuedRenders([first])).toBe(1);
  });

  it('renders one tenant’s single offer before the other tenant’s backlog once the lane is back', async () => {
    backlog = await Promise.all(Array.from({ length: 5 }, () => calculatedQuote(acme, 'home')));
    for (const id of backlog) expect((await offer(id, acme)).status).toBe(503);
    other = await calculatedQuote(globex, 'home', undefined, 'globex');
    expect((await offer(other, globex, 'globex')).status).toBe(503);
    expect(await queuedRenders([first, ...backlog, other])).toBe(7);

    stack.startWorker('documents');
    const all = [first, ...backlog, other];
    const deadline = Date.now() + 120_000;
    let order: string[] = [];
    while (Date.now() < deadline) {
      order = await withDatabase(async (client) =>
        (
          await client.query(
            `SELECT "policyId"::text AS id FROM "Document" WHERE "policyId" = ANY($1::uuid[]) ORDER BY "createdAt", "id"`,
            [all],
          )
        ).rows.map((row: { id: string }) => row.id),
      );
      if (order.length === all.length) break;
      await sleep(300);
    }
    expect(order).toHaveLength(all.length);
    // Oldest first would render globex's offer last (7th); taking tenants in turn renders it second.
    expect(order.indexOf(other)).toBeLessThanOrEqual(1);
  }, 180_000);

  it('then answers the stored offer at once, rendered exactly once', async () => {
    const answer = await offer(first, acme);
    expect(answer.status).toBe(200);
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(answer.ms).toBeLessThan(WAIT_MS);
    const documents = await withDatabase(
      async (client) => (await client.query(`SELECT count(*)::int AS n FROM "Document" WHERE "policyId" = $1`, [first])).rows[0].n,
    );
    expect(documents).toBe(1);
    expect(await queuedRenders([first, ...backlog, other])).toBe(0);
  });
});
