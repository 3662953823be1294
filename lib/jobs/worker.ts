import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { prisma } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { systemQuery } from '@/lib/db/system-query';
import { errorFields, log } from '@/lib/log';
import { metrics } from '@/lib/metrics/registry';
import { claimFairlySql, claimOldestSql } from './claim-sql';
import { hostIdleCores, type DeferSettings } from './cpu-headroom';
import { fillSlots } from './fill-slots';
import { jobChannel } from './job-channel';
import { listener } from './listener';
import { QUEUE_VACUUM_DEFAULT, QUEUE_VACUUM_SQL, queueUpkeep } from './queue-upkeep';

// The consuming side of the durable queue. Jobs are claimed with FOR UPDATE SKIP LOCKED under
// a lease that a heartbeat extends while the handler runs; a worker that dies (SIGKILL, power
// loss) stops extending it, and the job is claimed again when the lease runs out.

export interface ClaimedJob {
  id: bigint;
  task: string;
  payload: Record<string, unknown>;
  tenantId: string | null;
  attempts: number;
  maxAttempts: number;
  /**
   * Deletes the job inside the handler's own transaction, so the work and its completion
   * commit together. Throws when this worker's lease was lost, which rolls the work back.
   */
  complete(tx: SqlTx): Promise<void>;
  /**
   * Tells the worker that the handler's committed transaction also did and deleted `count` other
   * jobs of its task (taken along unclaimed, lib/ledger/quotes/prepare-quote.ts): they count in
   * its metrics and its upkeep as jobs done.
   */
  tookAlong(count: number): void;
}

export interface TaskDefinition {
  run(job: ClaimedJob): Promise<void>;
  /** Called once when the last attempt failed (e.g. to mark a request `failed`). */
  onGiveUp?(job: ClaimedJob, error: unknown): Promise<void>;
  /**
   * The handler takes along, in its own transaction, up to this many of the tenant's other jobs of
   * this task waiting in the queue (unclaimed) and reports them with ClaimedJob.tookAlong. The
   * worker then claims at most one of a tenant's jobs of this task at a time, and none while it
   * runs one (./claim-sql.ts): the jobs queued meanwhile wait to be taken along together.
   */
  takesAlong?: number;
}

export type TaskRegistry = Record<string, TaskDefinition>;

/** A failure that retrying cannot mend (bad state, bad data): the job gives up at once. */
export class PermanentJobFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PermanentJobFailure';
  }
}

export interface CronDefinition {
  name: string;
  task: string;
  everyMs: number;
}

export interface WorkerOptions {
  tasks: TaskRegistry;
  cron?: CronDefinition[];
  concurrency?: number;
  leaseMs?: number;
  /** Safety net for delayed retries and expired leases; new jobs arrive by NOTIFY. */
  pollIntervalMs?: number;
  /**
   * Fault injection for crash tests: each job sleeps this long inside its transaction just
   * before it commits, so a SIGKILL lands mid-job. 0 (the default) in every real deployment.
   */
  faultDelayMs?: number;
  /** Reported with the heartbeat row the metrics read. */
  lane?: string;
  /**
   * Claim across tenants in turn instead of oldest first: the next job is the oldest of the
   * tenant with the fewest jobs running and ahead of it, so one tenant's burst waits behind
   * itself. For the documents lane, where one job costs real CPU time.
   */
  fairAcrossTenants?: boolean;
  /**
   * Tasks a client is waiting on (an offer being rendered for a request): with
   * `fairAcrossTenants`, a tenant's urgent jobs are claimed before its background ones.
   */
  urgentTasks?: string[];
  /**
   * Work that can wait (a policy pack nobody is downloading yet) waits while the host is busy:
   * while fewer than `minIdleCores` are idle of other work, the worker claims only jobs a client
   * waits for and jobs due `maxDeferMs` ago or more. The jobs left are claimed by the worker's
   * next rounds (its poll, a notice, a finished job) once a core is free or they are old enough.
   * `idleCores` is the gauge (default: /proc/stat, ./cpu-headroom.ts).
   */
  deferWhenHostBusy?: DeferSettings & { idleCores?: () => number | null };
  /**
   * How often this worker vacuums the queue's table (./queue-upkeep.ts): after at least `everyJobs`
   * finished jobs and `minIntervalMs`; `off` leaves it to autovacuum. Default: QUEUE_VACUUM_DEFAULT.
   */
  queueVacuum?: { everyJobs: number; minIntervalMs: number } | 'off';
  /**
   * After a job that took others along (TaskDefinition.takesAlong), how long its tenant's jobs of
   * that task wait before the next claim, to gather into one. A job that took none along holds
   * nothing: a lone job, or the first of a burst, is claimed at once. Default:
   * TAKE_ALONG_GATHER_MS_DEFAULT.
   */
  takeAlongGatherMs?: number;
}

/**
 * Under a burst of creations (`bench/cpu-per-request.ts create`, 2 cores) 10 ms took the
 * creations a second from 511 with none to 549; 15 and 25 ms did no better. Longer ones looked
 * better only while the gathering held a burst back (40 ms: 48.7 % of the empty route against
 * 46.8 %, `bench/create-share.ts`), the preparations left queued after the load; ended by a full
 * batch's notices, 40 ms measured 46.6 %.
 */
export const TAKE_ALONG_GATHER_MS_DEFAULT = 10;

export interface RunningWorker {
  id: string;
  stop(): Promise<void>;
}

const BACKOFF_MS_MAX = 60_000;

/** How often a worker writes its WorkerHeartbeat row (ledger_worker_heartbeat_age_seconds). */
const HEARTBEAT_ROW_EVERY_MS = 5_000;

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const faultDelayMs = options.faultDelayMs ?? 0;
  // Only the tasks this worker can run: other lanes' jobs stay for their own workers.
  const taskNames = Object.keys(options.tasks);
  const urgentTasks = options.urgentTasks ?? [];
  const alongTasks = taskNames.filter((task) => (options.tasks[task]?.takesAlong ?? 0) > 0);
  /**
   * Jobs running now of a task that takes jobs along, by task and tenant (the claims leave their
   * tenants' for later): how many, the notices of that tenant's new jobs heard since the
   * first of them started, and, while the tenant's next jobs gather, how to end the gathering.
   */
  const runningAlong = new Map<string, { task: string; tenantId: string; jobs: number; noticed: number; endGathering?: () => void }>();
  /** A run's own job and as many as it takes along: enough notices for it end a gathering early. */
  const fullBatchOf = (task: string) => (options.tasks[task]?.takesAlong ?? 0) + 1;
  const takenTogether = () => ({ tasks: alongTasks, running: [...runningAlong.values()] });
  /** Jobs running now that took others along (ClaimedJob.tookAlong). */
  const tookAlongJobs = new Set<bigint>();
  const gatherMs = options.takeAlongGatherMs ?? TAKE_ALONG_GATHER_MS_DEFAULT;
  const alongKey = (job: ClaimedJob) => (job.tenantId && alongTasks.includes(job.task) ? `${job.task} ${job.tenantId}` : null);
  const running = new Map<bigint, Promise<void>>();
  let stopping = false;
  let wakeRequested = false;
  let loopActive = false;
  /** Jobs whose handler deleted the row in its own transaction (ClaimedJob.complete). */
  const completedInTransaction = new Set<bigint>();
  const vacuumEvery = options.queueVacuum ?? QUEUE_VACUUM_DEFAULT;
  const upkeep =
    vacuumEvery === 'off'
      ? null
      : queueUpkeep({
          ...vacuumEvery,
          vacuum: async () => {
            const startedMs = performance.now();
            await prisma.$executeRawUnsafe(QUEUE_VACUUM_SQL);
            metrics().queueVacuum.observe((performance.now() - startedMs) / 1000);
          },
        });

  type ClaimedRow = {
    /** int8, as node-postgres answers it: text. */
    id: string;
    task: string;
    payload: Record<string, unknown>;
    tenantId: string | null;
    attempts: number;
    maxAttempts: number;
  };
  const defer = options.deferWhenHostBusy;
  const idleCores = defer ? (defer.idleCores ?? hostIdleCores()) : () => null;
  /** How young a background job may be and still be claimed now: undefined while the host has a core to spare. */
  const deferYoungerThan = (): number | undefined => {
    if (!defer) return undefined;
    const idle = idleCores();
    return idle !== null && idle < defer.minIdleCores ? defer.maxDeferMs : undefined;
  };
  const claimOldest = (limit: number) =>
    systemQuery<ClaimedRow>(
      claimOldestSql({ workerId: id, leaseMs, taskNames, limit, deferYoungerThanMs: deferYoungerThan(), takenTogether: takenTogether() }),
    );
  // Tenants this worker served, least recently first: ties between tenants go to the one that
  // waited longest, so tenants take turns even when each has a job at the head of the queue.
  const servedAt = new Map<string, number>();
  let served = 0;
  const markServed = (rows: ClaimedRow[]) => {
    for (const row of rows) if (row.tenantId) servedAt.set(row.tenantId, ++served);
    if (servedAt.size > 1_000) {
      const oldest = [...servedAt.entries()].sort((a, b) => a[1] - b[1]).slice(0, servedAt.size - 1_000);
      for (const [tenant] of oldest) servedAt.delete(tenant);
    }
  };
  const claimFairly = async (limit: number) => {
    const leastRecentFirst = [...servedAt.entries()].sort((a, b) => a[1] - b[1]).map(([tenant]) => tenant);
    const rows = await systemQuery<ClaimedRow>(
      claimFairlySql({
        workerId: id,
        leaseMs,
        taskNames,
        limit,
        urgentTasks,
        leastRecentFirst,
        deferYoungerThanMs: deferYoungerThan(),
        takenTogether: takenTogether(),
      }),
    );
    markServed(rows);
    return rows;
  };

  const claim = async (limit: number): Promise<ClaimedJob[]> => {
    const rows = await (options.fairAcrossTenants ? claimFairly(limit) : claimOldest(limit));
    return rows.map((row) => {
      const jobId = BigInt(row.id);
      return {
        ...row,
        id: jobId,
        complete: async (tx: SqlTx) => {
          if (faultDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, faultDelayMs));
          const deleted = await tx.query(Prisma.sql`DELETE FROM "Job" WHERE "id" = ${jobId} AND "lockedBy" = ${id} RETURNING "id"`);
          if (deleted.length !== 1) throw new LeaseLost(jobId);
          completedInTransaction.add(jobId);
        },
        tookAlong: (count: number) => {
          tookAlongJobs.add(jobId);
          metrics().jobsFinished.inc({ task: row.task, outcome: 'done' }, count);
          upkeep?.jobFinished(count);
          log.info('jobs taken along', { worker: id, job: String(jobId), task: row.task, count });
        },
      };
    });
  };

  const execute = async (job: ClaimedJob): Promise<void> => {
    const definition = options.tasks[job.task];
    const startedMs = performance.now();
    const finished = (outcome: 'done' | 'retry' | 'failed' | 'lease_lost') => {
      const labels = { task: job.task, outcome };
      metrics().jobsFinished.inc(labels);
      metrics().jobDuration.observe(labels, (performance.now() - startedMs) / 1000);
    };
    try {
      if (!definition) throw new Error(`no handler for task ${job.task}`);
      await definition.run(job);
      // Handlers that did not complete the job in their own transaction are done here. One that
      // did has committed that transaction by the time it returns: the row is gone already.
      if (!completedInTransaction.delete(job.id)) {
        await systemQuery(Prisma.sql`DELETE FROM "Job" WHERE "id" = ${job.id} AND "lockedBy" = ${id}`);
      }
      finished('done');
      log.info('job done', {
        worker: id,
        job: String(job.id),
        task: job.task,
        attempt: job.attempts,
        durationMs: Math.round(performance.now() - startedMs),
      });
    } catch (error) {
      if (error instanceof LeaseLost) {
        finished('lease_lost');
        log.warn('job lease lost; another worker owns it now', { worker: id, job: String(job.id), task: job.task });
        return;
      }
      finished(job.attempts >= job.maxAttempts || error instanceof PermanentJobFailure ? 'failed' : 'retry');
      try {
        await recordFailure(job, definition, error);
      } catch (recordError) {
        // The database itself is away (restart, failover): nothing can be recorded now. The
        // lease runs out and the job is claimed again; the worker must outlive the outage.
        log.warn('job failure could not be recorded; the lease will expire and the job run again', {
          worker: id,
          job: String(job.id),
          task: job.task,
          ...errorFields(recordError),
        });
      }
    }
  };

  const recordFailure = async (job: ClaimedJob, definition: TaskDefinition | undefined, error: unknown): Promise<void> => {
    const message = error instanceof Error ? error.message : String(error);
    if (job.attempts >= job.maxAttempts || error instanceof PermanentJobFailure) {
      log.error('job gave up', { worker: id, job: String(job.id), task: job.task, attempt: job.attempts, ...errorFields(error) });
      try {
        await definition?.onGiveUp?.(job, error);
      } catch (giveUpError) {
        log.error('job give-up handler failed', { job: String(job.id), ...errorFields(giveUpError) });
      }
      await prisma.$executeRaw`UPDATE "Job" SET "failedAt" = now(), "lockedBy" = NULL, "lockedUntil" = NULL, "lastError" = ${message}
        WHERE "id" = ${job.id} AND "lockedBy" = ${id}`;
      return;
    }
    const backoffMs = Math.min(BACKOFF_MS_MAX, 250 * 2 ** (job.attempts - 1)) * (0.75 + Math.random() * 0.5);
    log.warn('job failed; will retry', {
      worker: id,
      job: String(job.id),
      task: job.task,
      attempt: job.attempts,
      backoffMs: Math.round(backoffMs),
      error: message,
    });
    await prisma.$executeRaw`UPDATE "Job" SET "runAt" = now() + make_interval(secs => ${backoffMs / 1000}), "lockedBy" = NULL, "lockedUntil" = NULL, "lastError" = ${message}
      WHERE "id" = ${job.id} AND "lockedBy" = ${id}`;
  };

  const loop = async (): Promise<void> => {
    if (loopActive) {
      wakeRequested = true;
      return;
    }
    loopActive = true;
    try {
      do {
        wakeRequested = false;
        await fillSlots({
          free: () => concurrency - running.size,
          claim,
          start: (job) => {
            const along = alongKey(job);
            if (along) {
              const entry = runningAlong.get(along) ?? { task: job.task, tenantId: job.tenantId!, jobs: 0, noticed: 0 };
              entry.jobs++;
              runningAlong.set(along, entry);
            }
            const promise = execute(job).finally(() => {
              if (along) {
                const release = () => {
                  const entry = runningAlong.get(along);
                  if (entry && --entry.jobs === 0) runningAlong.delete(along);
                };
                // A job that took others along met a burst: the tenant's next jobs gather a moment
                // longer, to be taken along together, unless notices of a full batch came already
                // (a longer wait would only hold back a burst faster than one run at a time).
                const entry = runningAlong.get(along);
                if (tookAlongJobs.delete(job.id) && gatherMs > 0 && entry && entry.noticed < fullBatchOf(job.task)) {
                  const timer = setTimeout(() => entry.endGathering?.(), gatherMs).unref();
                  entry.endGathering = () => {
                    clearTimeout(timer);
                    entry.endGathering = undefined;
                    release();
                    void loop();
                  };
                } else {
                  release();
                }
              }
              running.delete(job.id);
              completedInTransaction.delete(job.id);
              upkeep?.jobFinished();
              void loop();
            });
            running.set(job.id, promise);
          },
          stopping: () => stopping,
        });
      } while (wakeRequested && !stopping);
    } catch (error) {
      log.error('worker loop failed', { worker: id, ...errorFields(error) });
    } finally {
      loopActive = false;
    }
  };

  const heartbeat = setInterval(
    () => {
      if (running.size === 0) return;
      const ids = [...running.keys()];
      prisma.$executeRaw`UPDATE "Job" SET "lockedUntil" = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE "id" = ANY(${ids}::bigint[]) AND "lockedBy" = ${id}`.catch((error: unknown) =>
        log.warn('heartbeat failed', errorFields(error)),
      );
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );

  const lane = options.lane ?? 'all';
  const beat = () =>
    prisma.$executeRaw`INSERT INTO "WorkerHeartbeat" ("worker", "lane") VALUES (${id}, ${lane})
      ON CONFLICT ("worker") DO UPDATE SET "seenAt" = now()`.catch((error: unknown) =>
      log.warn('worker heartbeat failed', errorFields(error)),
    );
  await beat();
  const heartbeatRow = setInterval(() => void beat(), HEARTBEAT_ROW_EVERY_MS);

  const poll = setInterval(() => void loop(), pollIntervalMs);
  const cronTimer = options.cron?.length ? setInterval(() => void scheduleCron(options.cron ?? []), 15_000) : undefined;
  if (options.cron?.length) void scheduleCron(options.cron);

  // A notice on a channel of this lane's tasks (its payload the jobs' tenant), or a reconnect of the
  // listener (null: notices may have been missed). Jobs of a tenant whose jobs of that task this
  // worker is taking along now are left to it: a claim would skip them, and the running job's end
  // starts another round that claims what it did not take.
  const unsubscribes: (() => void)[] = [];
  for (const task of taskNames) {
    const takesAlong = alongTasks.includes(task);
    const onNotice = (tenantId: string | null) => {
      const along = takesAlong && tenantId ? runningAlong.get(`${task} ${tenantId}`) : undefined;
      if (!along) {
        void loop();
        return;
      }
      along.noticed++;
      if (along.endGathering && along.noticed >= fullBatchOf(task)) along.endGathering();
    };
    unsubscribes.push(await listener.subscribe(jobChannel(task), onNotice));
  }
  void loop();
  log.info('worker started', { worker: id, concurrency, leaseMs, ...(faultDelayMs > 0 ? { faultDelayMs } : {}) });

  return {
    id,
    stop: async () => {
      stopping = true;
      clearInterval(poll);
      clearInterval(heartbeat);
      clearInterval(heartbeatRow);
      if (cronTimer) clearInterval(cronTimer);
      for (const unsubscribe of unsubscribes) unsubscribe();
      await Promise.allSettled(running.values());
      await upkeep?.settled();
      await prisma.$executeRaw`DELETE FROM "WorkerHeartbeat" WHERE "worker" = ${id}`.catch((error: unknown) =>
        log.warn('worker heartbeat row could not be removed', errorFields(error)),
      );
      log.info('worker stopped', { worker: id });
    },
  };
}

/** Enqueues each cron task once per slot across all workers (the CronRun row is the lock). */
async function scheduleCron(cron: CronDefinition[]): Promise<void> {
  for (const entry of cron) {
    const slot = String(Math.floor(Date.now() / entry.everyMs));
    try {
      await prisma.$executeRaw`WITH won AS (
          INSERT INTO "CronRun" ("name", "slot") VALUES (${entry.name}, ${slot}) ON CONFLICT DO NOTHING RETURNING 1)
        INSERT INTO "Job" ("task", "payload") SELECT ${entry.task}, '{}'::jsonb FROM won`;
    } catch (error) {
      log.warn('cron scheduling failed', { cron: entry.name, ...errorFields(error) });
    }
  }
}

class LeaseLost extends Error {
  constructor(jobId: bigint) {
    super(`lease on job ${jobId} was lost`);
  }
}
