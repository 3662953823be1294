// The background worker as its own process: `npm run worker` (production: scale it apart from the app).
import { RENDER_OFFER_TASK } from '@/lib/documents/offer';
import { prisma } from '@/lib/db/client';
import { deferSettingsOfLane } from '@/lib/jobs/cpu-headroom';
import { lowerOwnPriority, nicenessOfLane } from '@/lib/jobs/cpu-priority';
import { listener } from '@/lib/jobs/listener';
import { QUEUE_VACUUM_DEFAULT } from '@/lib/jobs/queue-upkeep';
import { CRON, isLane, tasksOfLane } from '@/lib/jobs/tasks';
import { startWorker, TAKE_ALONG_GATHER_MS_DEFAULT, type RunningWorker } from '@/lib/jobs/worker';
import { errorFields, log } from '@/lib/log';
import { serveMetrics } from '@/lib/metrics/serve';

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set; start everything with `npm start`, or set it to run the worker alone.');
  process.exit(1);
}

// WORKER_LANE picks the tasks: all (default), general (everything but PDFs and webhooks), documents or webhooks.
const lane = process.env.WORKER_LANE ?? 'all';
if (!isLane(lane)) {
  console.error(`WORKER_LANE must be all, general, documents or webhooks, not ${lane}`);
  process.exit(1);
}

// PDFs render when the CPU is otherwise idle (19 in the documents lane): issuing, rating and the
// API's answers go first, and a client long-polling an issue hears of it sooner.
try {
  const niceness = nicenessOfLane(lane);
  if (niceness > 0) lowerOwnPriority(niceness);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// A render started on a busy host slows everything beside it whatever its niceness: the documents
// lane starts its background renders when a core is free of other work, or once they waited 20 s.
let deferWhenHostBusy: ReturnType<typeof deferSettingsOfLane>;
try {
  deferWhenHostBusy = deferSettingsOfLane(lane);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

/** A whole-number setting of the environment (`fallback` when unset); anything else stops the worker at start. */
function wholeNumberSetting(name: string, fallback: number, unit: string): number {
  const setting = process.env[name];
  const value = setting === undefined || setting === '' ? fallback : Number(setting);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number of ${unit}, not ${setting}`);
    process.exit(1);
  }
  return value;
}

// LEDGER_QUEUE_VACUUM_JOBS: finished jobs between two vacuums of the queue's table by this worker
// (default 200, at most one a second); 0 leaves the table to autovacuum.
const vacuumEveryJobs = wholeNumberSetting('LEDGER_QUEUE_VACUUM_JOBS', QUEUE_VACUUM_DEFAULT.everyJobs, 'jobs (0 turns it off)');
// LEDGER_TAKE_ALONG_GATHER_MS: how long a tenant's next preparations gather after a burst's batch (README).
const takeAlongGatherMs = wholeNumberSetting('LEDGER_TAKE_ALONG_GATHER_MS', TAKE_ALONG_GATHER_MS_DEFAULT, 'milliseconds (0 gathers none)');

// Signals are handled from the first moment: a worker still waiting for the database must stop too.
let worker: RunningWorker | undefined;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('worker shutting down', { signal });
  await worker?.stop();
  await listener.close();
  await prisma.$disconnect();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// A worker may start while PostgreSQL is still starting or restarting: wait for it (bounded)
// instead of dying, so that a supervisor is not needed to bring the worker back.
const DATABASE_WAIT_MS_MAX = 120_000;
const DATABASE_RETRY_MS = 500;
async function waitForDatabase(): Promise<void> {
  const deadline = Date.now() + DATABASE_WAIT_MS_MAX;
  for (let attempt = 1; ; attempt++) {
    try {
      await prisma.$queryRaw`SELECT 1`;
      return;
    } catch (error) {
      if (stopping) return;
      if (Date.now() > deadline) throw error;
      if (attempt === 1) log.warn('database not reachable yet; the worker waits for it', errorFields(error));
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
    }
  }
}
await waitForDatabase();

if (!stopping) {
  worker = await startWorker({
    tasks: tasksOfLane(lane),
    // The documents and webhooks lanes run only their own task; the schedule is kept by the others.
    cron: lane === 'documents' || lane === 'webhooks' ? [] : CRON,
    // Rendering is CPU-bound: two at once overlap one's database work with the other's render.
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? (lane === 'documents' ? 2 : 8)),
    leaseMs: Number(process.env.LEDGER_JOB_LEASE_MS ?? process.env.WORKER_LEASE_MS ?? 30_000),
    faultDelayMs: Number(process.env.LEDGER_FAULT_JOB_DELAY_MS ?? 0),
    lane,
    // A render costs real CPU: tenants take turns, so one tenant's burst waits behind itself.
    fairAcrossTenants: lane !== 'general',
    // An offer has a client waiting on it; a policy pack does not.
    urgentTasks: [RENDER_OFFER_TASK],
    deferWhenHostBusy,
    queueVacuum: vacuumEveryJobs === 0 ? 'off' : { ...QUEUE_VACUUM_DEFAULT, everyJobs: vacuumEveryJobs },
    takeAlongGatherMs,
  });
  // WORKER_METRICS_PORT: this worker's Prometheus metrics (bearer LEDGER_METRICS_TOKEN), on loopback unless WORKER_METRICS_HOST says otherwise.
  const metricsPort = Number(process.env.WORKER_METRICS_PORT ?? 0);
  if (metricsPort > 0) {
    const host = process.env.WORKER_METRICS_HOST ?? '127.0.0.1';
    const server = await serveMetrics(metricsPort, host);
    server.unref();
    log.info('worker metrics listening', { port: metricsPort, host });
  }
}
