import { Gauge, type Registry } from 'prom-client';
import { poolStats, prisma } from '@/lib/db/client';
import { GENERATE_DOCUMENTS_TASK } from '@/lib/documents/queue-documents';
import { errorFields, log } from '@/lib/log';

// Gauges read at scrape time: the pool of this process, and from the database the whole job
// queue and every worker's heartbeat, so one scrape of any process shows the queue of all.

/** Heartbeats older than this are no longer reported (a worker that stopped long ago). */
const HEARTBEAT_REPORT_WINDOW_SECONDS = 3_600;

function laneOf(task: string): string {
  return task === GENERATE_DOCUMENTS_TASK ? 'documents' : 'general';
}

interface QueueRow {
  task: string;
  state: string;
  jobs: number;
  oldestSeconds: number | null;
}

interface HeartbeatRow {
  worker: string;
  lane: string;
  ageSeconds: number;
}

export function registerDatabaseGauges(registry: Registry): void {
  new Gauge({
    name: 'ledger_db_pool_connections',
    help: 'Connections of this process’s database pool: in_use, idle, and waiting (queries queued for a connection); max is DB_POOL_MAX',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats();
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });

  const depth = new Gauge({
    name: 'ledger_jobs_queued',
    help: 'Jobs in the queue (whole database), by task, lane and state: ready (due, unclaimed), running (leased), delayed (retry later), failed (gave up)',
    labelNames: ['task', 'lane', 'state'],
    registers: [registry],
  });
  const age = new Gauge({
    name: 'ledger_jobs_oldest_age_seconds',
    help: 'Age of the oldest job in each state (since it became due for ready, since it was queued otherwise), by task and lane',
    labelNames: ['task', 'lane', 'state'],
    registers: [registry],
  });
  const heartbeat = new Gauge({
    name: 'ledger_worker_heartbeat_age_seconds',
    help: 'Seconds since each worker process last reported it was alive (every 5 s while it runs), by worker and lane',
    labelNames: ['worker', 'lane'],
    registers: [registry],
  });
  new Gauge({
    name: 'ledger_database_up',
    help: '1 when this scrape could read the queue and heartbeats from the database, else 0',
    registers: [registry],
    // One collect fills the four gauges above, so a scrape makes two queries, not eight.
    async collect() {
      try {
        const [queue, beats] = await Promise.all([readQueue(), readHeartbeats()]);
        depth.reset();
        age.reset();
        for (const row of queue) {
          const labels = { task: row.task, lane: laneOf(row.task), state: row.state };
          depth.set(labels, row.jobs);
          if (row.oldestSeconds !== null) age.set(labels, row.oldestSeconds);
        }
        heartbeat.reset();
        for (const row of beats) heartbeat.set({ worker: row.worker, lane: row.lane }, row.ageSeconds);
        this.set(1);
      } catch (error) {
        log.warn('metrics could not read the queue', errorFields(error));
        this.set(0);
      }
    },
  });
}

function readQueue(): Promise<QueueRow[]> {
  return prisma.$queryRaw<QueueRow[]>`
    SELECT "task", "state", count(*)::int AS "jobs",
      EXTRACT(EPOCH FROM now() - min(CASE WHEN "state" = 'ready' THEN "runAt" ELSE "createdAt" END))::float8 AS "oldestSeconds"
    FROM (
      SELECT "task", "runAt", "createdAt",
        CASE WHEN "failedAt" IS NOT NULL THEN 'failed'
             WHEN "lockedUntil" IS NOT NULL AND "lockedUntil" >= now() THEN 'running'
             WHEN "runAt" <= now() THEN 'ready'
             ELSE 'delayed' END AS "state"
      FROM "Job") AS jobs
    GROUP BY "task", "state"`;
}

function readHeartbeats(): Promise<HeartbeatRow[]> {
  return prisma.$queryRaw<HeartbeatRow[]>`
    SELECT "worker", "lane", EXTRACT(EPOCH FROM now() - "seenAt")::float8 AS "ageSeconds"
    FROM "WorkerHeartbeat" WHERE "seenAt" > now() - make_interval(secs => ${HEARTBEAT_REPORT_WINDOW_SECONDS})`;
}
