import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/stack';
import { baseUrl, call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { INTERNAL_DETAIL } from '../support/leaks';
import { brokenInvariants, ledgerInvariants } from '../support/invariants';
import { examplePayload, issuePolicy } from '../support/lifecycle';
import { sleep, startChaosStack } from './stack';

// PostgreSQL is stopped (fast shutdown: open transactions abort) and started again on the same
// port while clients write. The app and worker recover by themselves, and every write that
// was answered 200 is in the database afterwards.

const WRITERS = 6;
const RESTARTS = 2;
const DOWN_MS = 1_500;

let stack: RunningStack;

beforeAll(async () => {
  stack = await startChaosStack('postgres-restart', {});
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('PostgreSQL restarts under load', () => {
  it('recovers on its own and loses no acknowledged write', async () => {
    const broker = await tokenFor('acme-broker');
    const payload = await examplePayload(broker, 'home');
    const acknowledged: { id: string; phone?: string }[] = [];
    const failures: number[] = [];
    let stop = false;
    let sequence = 0;

    // A refusal during the outage is 503 with Retry-After and nothing internal in the body.
    const expectRefused = (result: { status: number; text: string; headers: Headers }) => {
      failures.push(result.status);
      expect(result.status, result.text).toBe(503);
      expect(result.headers.get('retry-after')).toBe('2');
      expect(result.text).not.toMatch(INTERNAL_DETAIL);
    };
    // Right after a create the quote's enrichment may still run (its worker waits out the outage
    // too): the contract refuses a change until it ends, with 409 naming the draft state. Nothing
    // was acknowledged, so nothing can be lost.
    const enrichmentStillRunning = (result: { status: number; body: { currentState?: unknown } | undefined }) =>
      result.status === 409 && result.body?.currentState === 'draft';
    // Only a failed connection (undici's TypeError) counts as "not acknowledged"; any other error,
    // an assertion above included, fails the test.
    const unlessConnectionFailed = async <T>(request: Promise<T>): Promise<T | null> => {
      try {
        return await request;
      } catch (error) {
        if (error instanceof TypeError && (error.message === 'fetch failed' || error.message === 'terminated')) {
          failures.push(0);
          return null;
        }
        throw error;
      }
    };

    const writer = async () => {
      while (!stop) {
        const n = sequence++;
        const created = await unlessConnectionFailed(call('/api/v1/ledger/sales/policies/create', { token: broker, body: payload }));
        if (created === null) continue;
        if (created.status !== 200) {
          expectRefused(created);
          continue;
        }
        const id = created.body.policy.id as string;
        acknowledged.push({ id });
        const phone = `+44 20 7000 ${String(n).padStart(4, '0')}`;
        const updated = await unlessConnectionFailed(
          call(`/api/v1/ledger/sales/policies/${id}/`, { method: 'PUT', token: broker, body: { customer: { phone } } }),
        );
        if (updated === null) continue;
        if (updated.status === 200) acknowledged.push({ id, phone });
        else if (enrichmentStillRunning(updated)) failures.push(updated.status);
        else expectRefused(updated);
      }
    };

    // Promise.all at once, so a writer's failed assertion is held for the await below.
    const writers = Promise.all(Array.from({ length: WRITERS }, () => writer()));
    for (let restart = 0; restart < RESTARTS; restart++) {
      await sleep(1_500);
      await stack.restartDatabase(DOWN_MS);
    }
    // Recovery: writes succeed again within a bounded time, without restarting the app.
    const recoveredBy = Date.now() + 30_000;
    let recovered = false;
    while (Date.now() < recoveredBy) {
      const health = await fetch(`${baseUrl()}/api/health`).catch(() => null);
      const created = await call('/api/v1/ledger/sales/policies/create', { token: broker, body: payload }).catch(() => null);
      if (health?.status === 200 && created?.status === 200) {
        recovered = true;
        break;
      }
      await sleep(250);
    }
    await sleep(1_000);
    stop = true;
    await writers;
    expect(recovered).toBe(true);
    expect(stack.app.exitCode).toBeNull();
    // No process died of the outage: the worker lives through it as the app does.
    expect(stack.workers.map((worker) => worker.exitCode ?? worker.signalCode).every((state) => state === null)).toBe(true);

    // Every acknowledged create and update is stored.
    const stored = await withDatabase(async (client) => {
      const ids = [...new Set(acknowledged.map((write) => write.id))];
      const rows = (
        await client.query<{ id: string; phone: string }>(
          `SELECT id, data->'customer'->>'phone' AS phone FROM "Policy" WHERE id = ANY($1::uuid[])`,
          [ids],
        )
      ).rows;
      return new Map(rows.map((row) => [row.id, row.phone]));
    });
    const lost = acknowledged.filter((write) => !stored.has(write.id));
    expect(lost).toEqual([]);
    const lastPhone = new Map<string, string>();
    for (const write of acknowledged) if (write.phone) lastPhone.set(write.id, write.phone);
    for (const [id, phone] of lastPhone) expect(stored.get(id), id).toBe(phone);
    expect(acknowledged.length).toBeGreaterThan(20);

    // The worker recovered too: a policy goes all the way to issued.
    const issued = await issuePolicy(broker, 'travel');
    expect(issued.policyNumber).toMatch(/^ACME-/);
    expect(brokenInvariants(await ledgerInvariants())).toEqual({});
    console.info(
      `postgres-restart: ${RESTARTS} restarts under ${WRITERS} writers; ${acknowledged.length} acknowledged writes checked, ${failures.length} refused during the outages`,
    );
  }, 180_000);
});
