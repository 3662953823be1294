import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/stack';
import { call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { brokenInvariants, ledgerInvariants } from '../support/invariants';
import { boundQuote } from '../support/lifecycle';
import { sleep, startChaosStack } from './stack';

// SIGKILL the workers again and again while issue (and document) jobs run: every request ends
// success or failed, none stays pending, no policy is issued twice, the journal balances.
// A short lease lets a dead worker's job run again soon; a fault delay inside each job's
// transaction, just before commit, makes the kills land mid-job.

const LEASE_MS = 1_500;
const JOB_DELAY_MS = 400;
const QUOTES = 18;
const CHAOS_MS = Number(process.env.LEDGER_CHAOS_MS ?? 15_000);
const SETTLE_MS = 60_000;

let stack: RunningStack;

beforeAll(async () => {
  stack = await startChaosStack(
    'worker-crash',
    { LEDGER_JOB_LEASE_MS: String(LEASE_MS), LEDGER_FAULT_JOB_DELAY_MS: String(JOB_DELAY_MS), WORKER_CONCURRENCY: '4' },
    2,
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const alive = (worker: ChildProcess) => worker.exitCode === null && worker.signalCode === null;

/** The niceness of every thread of a process, from /proc (field 19 of each thread's stat). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('worker priorities', () => {
  it('the documents lane runs every thread at the lowest priority (19); the general lane at the normal one', async () => {
    const [documents] = stack.workersIn('documents');
    const [general] = stack.workersIn('general');
    // The worker lowers itself as it starts: wait for that, bounded.
    let seen: number[] = [];
    for (let waited = 0; waited < 20_000; waited += 200) {
      seen = threadNiceness(documents!.pid!);
      if (seen.length > 1 && seen.every((niceness) => niceness === 19)) break;
      await sleep(200);
    }
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set([19]));
    expect(new Set(threadNiceness(general!.pid!))).toEqual(new Set([0]));
  });
});

describe('worker crashes during issue jobs', () => {
  it('every issue request ends success or failed; no policy issued twice; the journal balances', async () => {
    const broker = await tokenFor('acme-broker');
    const ids: string[] = [];
    for (let batch = 0; batch < QUOTES / 6; batch++) {
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, index) => boundQuote(broker, (['home', 'travel', 'pet'] as const)[index % 3])),
        )),
      );
    }

    // Issue in waves while killing workers at random moments.
    let kills = 0;
    let stopChaos = false;
    const chaos = (async () => {
      const until = Date.now() + CHAOS_MS;
      while (!stopChaos && Date.now() < until) {
        await sleep(150 + Math.random() * 500);
        const live = stack.workers.filter(alive);
        const victim = live[Math.floor(Math.random() * live.length)];
        if (victim) {
          victim.kill('SIGKILL');
          kills++;
        }
        if (stack.workers.filter(alive).length < 2) stack.startWorker();
      }
    })();
    const requestIds: string[] = [];
    for (const id of ids) {
      const issued = await call(`/api/v1/ledger/sales/policies/${id}/issue`, { token: broker, body: {} });
      expect(issued.status, issued.text).toBe(200);
      requestIds.push(issued.body.requestId);
      await sleep(CHAOS_MS / QUOTES / 2);
    }
    await chaos;
    stopChaos = true;
    if (stack.workers.filter(alive).length === 0) stack.startWorker();
    if (stack.workers.filter(alive).length < 2) stack.startWorker();

    // Everything settles without help once the killing stops.
    const deadline = Date.now() + SETTLE_MS;
    let pending = requestIds.length;
    while (Date.now() < deadline) {
      pending = await withDatabase(async (client) =>
        Number(
          (await client.query(`SELECT count(*) AS n FROM "Request" WHERE id = ANY($1::uuid[]) AND status = 'pending'`, [requestIds]))
            .rows[0].n,
        ),
      );
      if (pending === 0) break;
      await sleep(250);
    }
    expect(pending, 'requests still pending after the chaos').toBe(0);

    const outcome = await withDatabase(async (client) => {
      const rows = (
        await client.query<{
          id: string;
          status: string;
          policyId: string;
          policyStatus: string;
          quoteStatus: string;
          policyNumber: string | null;
        }>(
          `SELECT r.id, r.status, r."policyId", p.status AS "quoteStatus", p."policyNumber", p."policyStatus"
           FROM "Request" r JOIN "Policy" p ON p.id = r."policyId" WHERE r.id = ANY($1::uuid[])`,
          [requestIds],
        )
      ).rows;
      const versions = (
        await client.query<{ policyId: string; n: string }>(
          `SELECT "policyId", count(*) AS n FROM "PolicyVersion" WHERE "policyId" = ANY($1::uuid[]) GROUP BY "policyId"`,
          [ids],
        )
      ).rows;
      const stuckJobs = Number(
        (await client.query(`SELECT count(*) AS n FROM "Job" WHERE task = 'issue-policy' AND "failedAt" IS NULL`)).rows[0].n,
      );
      return { rows, versions, stuckJobs };
    });
    expect(outcome.rows).toHaveLength(QUOTES);
    for (const row of outcome.rows) {
      if (row.status === 'success')
        expect(row).toMatchObject({ quoteStatus: 'issued', policyStatus: 'active', policyNumber: expect.any(String) });
      else expect(row).toMatchObject({ status: 'failed', quoteStatus: 'bound', policyNumber: null });
    }
    expect(outcome.versions.every((row) => row.n === '1')).toBe(true);
    expect(outcome.stuckJobs).toBe(0);
    const invariants = await ledgerInvariants();
    expect(brokenInvariants(invariants)).toEqual({});
    const succeeded = outcome.rows.filter((row) => row.status === 'success').length;
    expect(invariants.issuedPolicies).toBe(succeeded);
    expect(kills).toBeGreaterThanOrEqual(10);
    console.info(
      `worker-crash: ${kills} workers SIGKILLed; ${QUOTES} issue requests: ${succeeded} success, ${QUOTES - succeeded} failed; ${invariants.journalEntries} journal entries checked`,
    );
  }, 240_000);
});
