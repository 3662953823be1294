import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { createQuote, waitUntilReady } from '../support/lifecycle';
import { ownTenant } from '../support/own-tenant';
import { until } from '../support/until';

// A quote's preparation takes along its tenant's other preparations waiting in the queue and does
// them in one transaction (lib/ledger/quotes/prepare-quote.ts); the worker claims one of a tenant's
// at a time (lib/jobs/claim-sql.ts). Here the jobs run under a task name of this file's own, by a
// worker started here, so the stack's workers never touch them: the quotes are made by the API and
// prepared there first, then put back to waiting for their preparation with a job each.

process.env.DATABASE_URL = inject('databaseUrl');
const { startWorker } = await import('@/lib/jobs/worker');
type ClaimedJob = import('@/lib/jobs/worker').ClaimedJob;
const { listener } = await import('@/lib/jobs/listener');
const { metrics } = await import('@/lib/metrics/registry');
const { prepareQuote, TAKEN_ALONG_MAX } = await import('@/lib/ledger/quotes/prepare-quote');

const TASK = `test.prepare.${randomUUID().slice(0, 8)}`;

let ownTag: string;
let ownToken: string;
let acmeToken: string;

beforeAll(async () => {
  ({ tenant: ownTag, token: ownToken } = await ownTenant('together'));
  acmeToken = await tokenFor('acme-broker');
});

afterAll(async () => {
  await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = $1`, [TASK]));
  await listener.close();
});

/** Prepared quotes of the tenant, put back to a fresh draft waiting for its preparation. */
async function waitingQuotes(token: string, tenant: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let made = 0; made < count; made++) ids.push(await createQuote(token, 'home', undefined, tenant));
  for (const id of ids) await waitUntilReady(token, id, tenant);
  await withDatabase((client) =>
    client.query(`UPDATE "Policy" SET "enrichmentState" = 'pending', "status" = 'draft' WHERE "id" = ANY($1::uuid[])`, [ids]),
  );
  return ids;
}

/** One job a quote, queued in this order by one statement (one due time, ids ascending). */
async function queuePreparations(ids: string[]): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Job" ("task", "payload", "tenantId")
       SELECT $1, jsonb_build_object('policyId', p."id", 'revision', p."revision"), p."tenantId"
       FROM unnest($2::uuid[]) WITH ORDINALITY AS queued("id", "place") JOIN "Policy" p ON p."id" = queued."id"
       ORDER BY queued."place"`,
      [TASK, ids],
    ),
  );
}

/** A job of `task` for the tenant, its payload only a name the test knows it by. */
const queueNamed = (task: string, name: string, tenant: string) =>
  withDatabase((client) =>
    client.query(`INSERT INTO "Job" ("task", "payload", "tenantId") VALUES ($1, jsonb_build_object('name', $2::text), $3)`, [
      task,
      name,
      tenant,
    ]),
  );

/** A worker of the test lane for one task that takes up to `takesAlong` along and gathers `gatherMs` after a burst. */
const gatheringWorker = (task: string, takesAlong: number, gatherMs: number, run: (job: ClaimedJob) => Promise<void>) =>
  startWorker({
    tasks: { [task]: { run, takesAlong } },
    concurrency: 4,
    pollIntervalMs: 50,
    lane: 'test',
    queueVacuum: 'off',
    takeAlongGatherMs: gatherMs,
  });

const quoteStates = (ids: string[]) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; status: string; enrichmentState: string; prepared: string }>(
      `SELECT p."id", p."status", p."enrichmentState",
         (SELECT count(*) FROM "Event" e WHERE e."policyId" = p."id" AND e."type" = 'quote.prepared') AS "prepared"
       FROM "Policy" p WHERE p."id" = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(
      rows.map((row) => [row.id, { status: row.status, enrichmentState: row.enrichmentState, prepared: Number(row.prepared) }]),
    );
  });

const jobsLeft = async () =>
  withDatabase(async (client) => Number((await client.query(`SELECT count(*) AS n FROM "Job" WHERE "task" = $1`, [TASK])).rows[0].n));

async function finishedDone(): Promise<number> {
  const { values } = await metrics().jobsFinished.get();
  return values.find((value) => value.labels.task === TASK && value.labels.outcome === 'done')?.value ?? 0;
}

describe('preparations taken along', () => {
  it("prepares a tenant's waiting quotes in one job's transaction, and another tenant's apart", async () => {
    const own = await waitingQuotes(ownToken, ownTag, 5);
    const acme = await waitingQuotes(acmeToken, 'acme', 1);
    const before = await quoteStates([...own, ...acme]);
    const doneBefore = await finishedDone();
    await queuePreparations([...own, ...acme]);
    const runs: { tenantId: string | null; policyId: unknown }[] = [];
    // Four free slots: a claim could take every job at once, were a tenant's not claimed one at a time.
    const worker = await startWorker({
      tasks: {
        [TASK]: {
          run: (job) => (runs.push({ tenantId: job.tenantId, policyId: job.payload.policyId }), prepareQuote(job)),
          takesAlong: TAKEN_ALONG_MAX,
        },
      },
      concurrency: 4,
      pollIntervalMs: 100,
      lane: 'test',
      queueVacuum: 'off',
    });
    try {
      await until(async () => (await jobsLeft()) === 0, 'every job done');
    } finally {
      await worker.stop();
    }

    expect(runs).toHaveLength(2);
    expect(runs).toEqual(
      expect.arrayContaining([
        { tenantId: await tenantId(ownTag), policyId: own[0] },
        { tenantId: await tenantId('acme'), policyId: acme[0] },
      ]),
    );
    const after = await quoteStates([...own, ...acme]);
    for (const id of [...own, ...acme]) {
      expect(after.get(id), id).toEqual({ status: 'calculated', enrichmentState: 'done', prepared: before.get(id)!.prepared + 1 });
    }
    // Six jobs done: two run, four taken along.
    expect((await finishedDone()) - doneBefore).toBe(6);
  });

  it("saves a claim's quotes by one update: a draft gets its price, a quote that moved on keeps its state, price and referral", async () => {
    const [draft, referred, third] = await waitingQuotes(ownToken, ownTag, 3);
    const referral = {
      source: 'manual',
      comment: 'held for review',
      rules: [],
      referredBy: 'uw@test',
      referredAt: '2026-12-07T09:00:00.000Z',
    };
    await withDatabase(async (client) => {
      await client.query(`UPDATE "Policy" SET "calculation" = NULL, "calculatedAt" = NULL WHERE "id" = ANY($1::uuid[])`, [[draft, third]]);
      await client.query(`UPDATE "Policy" SET "status" = 'in-manual-referral', "referral" = $2::jsonb WHERE "id" = $1`, [
        referred,
        JSON.stringify(referral),
      ]);
    });
    const stored = (id: string) =>
      withDatabase(async (client) => {
        const { rows } = await client.query<{
          status: string;
          enrichmentState: string;
          calculation: string | null;
          referral: unknown;
          calculatedAt: Date | null;
        }>(
          `SELECT "status", "enrichmentState", "calculation"::text AS "calculation", "referral", "calculatedAt" FROM "Policy" WHERE "id" = $1`,
          [id],
        );
        return rows[0]!;
      });
    const referredBefore = await stored(referred!);
    expect(referredBefore.calculation).not.toBeNull();
    await queuePreparations([draft!, referred!, third!]);
    const worker = await gatheringWorker(TASK, TAKEN_ALONG_MAX, 0, prepareQuote);
    try {
      await until(async () => (await jobsLeft()) === 0, 'every job done');
    } finally {
      await worker.stop();
    }

    for (const id of [draft!, third!]) {
      const after = await stored(id);
      expect(after.status, id).toBe('calculated');
      expect(after.enrichmentState, id).toBe('done');
      expect(JSON.parse(after.calculation!).data.payable, id).toBeGreaterThan(0);
      expect(after.calculatedAt, id).not.toBeNull();
      expect(after.referral, id).toBeNull();
    }
    const referredAfter = await stored(referred!);
    expect(referredAfter).toEqual({ ...referredBefore, enrichmentState: 'done' });
    expect(referredAfter.referral).toEqual(referral);
    const states = await quoteStates([draft!, referred!, third!]);
    expect([...states.values()].map((state) => state.prepared)).toEqual([2, 2, 2]);
  });

  it('fails only the job of a quote that cannot be prepared: the one it was taken along by is prepared alone', async () => {
    const [first, broken, third] = await waitingQuotes(ownToken, ownTag, 3);
    await withDatabase((client) => client.query(`UPDATE "Policy" SET "productCode" = 'withdrawn' WHERE "id" = $1`, [broken]));
    try {
      await queuePreparations([first!, broken!, third!]);
      const runsOf = new Map<unknown, number>();
      const worker = await startWorker({
        tasks: {
          [TASK]: {
            run: (job) => (runsOf.set(job.payload.policyId, (runsOf.get(job.payload.policyId) ?? 0) + 1), prepareQuote(job)),
            takesAlong: TAKEN_ALONG_MAX,
          },
        },
        concurrency: 1,
        pollIntervalMs: 100,
        lane: 'test',
        queueVacuum: 'off',
      });
      try {
        await until(async () => {
          const states = await quoteStates([first!, third!]);
          return [...states.values()].every((state) => state.enrichmentState === 'done');
        }, 'the two quotes that can be prepared');
      } finally {
        await worker.stop();
      }
      const jobs = await withDatabase(
        async (client) =>
          (
            await client.query<{ policyId: string; attempts: number; lastError: string | null }>(
              `SELECT "payload" ->> 'policyId' AS "policyId", "attempts", "lastError" FROM "Job" WHERE "task" = $1`,
              [TASK],
            )
          ).rows,
      );
      // The first job took the other two along, failed on the broken one and prepared its own quote
      // alone, at its first attempt; the third was claimed on its own later (the broken one's
      // attempts take it along and fail too) and prepared at once.
      expect(runsOf.get(first)).toBe(1);
      expect(runsOf.get(third)).toBe(1);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.policyId).toBe(broken);
      expect(jobs[0]!.attempts).toBeGreaterThanOrEqual(1);
      expect(jobs[0]!.lastError).toContain('withdrawn');
      expect((await quoteStates([broken!])).get(broken!)).toMatchObject({ status: 'draft', enrichmentState: 'pending' });
      const states = await quoteStates([first!, third!]);
      for (const id of [first!, third!]) expect(states.get(id)).toMatchObject({ status: 'calculated', enrichmentState: 'done' });
    } finally {
      await withDatabase((client) =>
        client.query(`UPDATE "Policy" SET "productCode" = 'home', "enrichmentState" = 'done', "status" = 'calculated' WHERE "id" = $1`, [
          broken,
        ]),
      );
    }
  });

  it("leaves a tenant's jobs in the queue while it runs one of that tenant's, and claims other tenants' meanwhile", async () => {
    const acme = await tenantId('acme');
    const globex = await tenantId('globex');
    const task = `${TASK}.wait`;
    const started: string[] = [];
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const queue = (name: string, tenant: string) => queueNamed(task, name, tenant);
    const worker = await startWorker({
      tasks: {
        [task]: {
          run: async (job) => {
            started.push(job.payload.name as string);
            if (job.payload.name === 'acme 1') await firstHeld;
          },
          takesAlong: 15,
        },
      },
      concurrency: 4,
      pollIntervalMs: 50,
      lane: 'test',
      queueVacuum: 'off',
    });
    try {
      await queue('acme 1', acme);
      await until(() => started.includes('acme 1'), "acme's first job running");
      await queue('acme 2', acme);
      await queue('globex 1', globex);
      await until(() => started.includes('globex 1'), "globex's job, while acme's first still runs");
      // Several polls and notices later, acme's second is still waiting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(started).toEqual(['acme 1', 'globex 1']);
      release();
      await until(() => started.includes('acme 2'), "acme's second, once its first is done");
    } finally {
      release();
      await worker.stop();
      await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = $1`, [task]));
    }
  });

  it("after a job that took others along, holds the tenant's next jobs to gather; after one that took none, or for another tenant, holds nothing", async () => {
    const acme = await tenantId('acme');
    const globex = await tenantId('globex');
    const task = `${TASK}.gather`;
    const GATHER_MS = 400;
    const ran = new Map<string, { startedAt: number; endedAt: number }>();
    const queue = (name: string, tenant: string) => queueNamed(task, name, tenant);
    const worker = await gatheringWorker(task, 15, GATHER_MS, async (job) => {
      const startedAt = performance.now();
      const name = job.payload.name as string;
      // As a preparation that met a burst reports the jobs it took along.
      if (name.endsWith('burst')) job.tookAlong(1);
      ran.set(name, { startedAt, endedAt: performance.now() });
    });
    try {
      await queue('acme alone', acme);
      await until(() => ran.has('acme alone'), "acme's lone job");
      await queue('acme after the lone one', acme);
      await until(() => ran.has('acme after the lone one'), "acme's next");
      expect(ran.get('acme after the lone one')!.startedAt - ran.get('acme alone')!.endedAt).toBeLessThan(GATHER_MS / 2);

      await queue('acme burst', acme);
      await until(() => ran.has('acme burst'), "acme's job that took another along");
      await queue('acme gathered', acme);
      await queue('globex meanwhile', globex);
      await until(() => ran.has('acme gathered') && ran.has('globex meanwhile'), 'both');
      const burstEnded = ran.get('acme burst')!.endedAt;
      expect(ran.get('acme gathered')!.startedAt - burstEnded).toBeGreaterThanOrEqual(GATHER_MS - 20);
      expect(ran.get('globex meanwhile')!.startedAt - burstEnded).toBeLessThan(GATHER_MS / 2);
    } finally {
      await worker.stop();
      await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = $1`, [task]));
    }
  });

  it('ends the gathering once notices of a full batch came: a burst faster than one run at a time is not held back', async () => {
    const acme = await tenantId('acme');
    const task = `${TASK}.full`;
    // Long enough that a test waiting it out would time out.
    const GATHER_MS = 60_000;
    const started = new Set<string>();
    const ran = new Map<string, { startedAt: number; endedAt: number }>();
    const queue = (name: string) => queueNamed(task, name, acme);
    let releaseBurst!: () => void;
    const burstHeld = new Promise<void>((resolve) => (releaseBurst = resolve));
    // A full batch: the job and the two it takes along.
    const worker = await gatheringWorker(task, 2, GATHER_MS, async (job) => {
      const startedAt = performance.now();
      const name = job.payload.name as string;
      started.add(name);
      if (name.endsWith('burst')) {
        await burstHeld;
        job.tookAlong(2);
      }
      ran.set(name, { startedAt, endedAt: performance.now() });
    });
    try {
      // Two notices while the burst runs, the third while its tenant gathers: that one ends it.
      await queue('first burst');
      await until(() => started.has('first burst'), 'the burst started');
      await queue('acme 1');
      await queue('acme 2');
      releaseBurst();
      await until(() => ran.has('first burst'), 'the burst ended');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran.has('acme 1'), 'two notices of a batch of three: still gathering').toBe(false);
      await queue('acme 3');
      await until(() => ran.has('acme 1'), 'the gathering ended by the third notice');
      expect(ran.get('acme 1')!.startedAt - ran.get('first burst')!.endedAt).toBeLessThan(5_000);
    } finally {
      releaseBurst();
      await worker.stop();
      await withDatabase((client) => client.query(`DELETE FROM "Job" WHERE "task" = $1`, [task]));
    }
  });
});
