import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Prometheus metrics of this process. Next.js bundles each route apart, so the registry and
// its metrics live on globalThis: every bundle's copy of this module counts into the same ones.
// Counters are per process (sum them across processes in queries); queue depth and worker
// heartbeats are read from the database at scrape time, so any process reports the whole queue.

/** Request durations: long polls end near 25 s, so the buckets reach past it. */
const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface LedgerMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  rateLimited: Counter<'tenant'>;
  longPollsOpen: Gauge;
  jobsFinished: Counter<'task' | 'outcome'>;
  jobDuration: Histogram<'task' | 'outcome'>;
  documentsRendered: Counter<'type'>;
  queueVacuum: Histogram;
}

const globalForMetrics = globalThis as unknown as { ledgerMetrics?: LedgerMetrics; ledgerLongPollsOpen?: { count: number } };

/** Open long polls of this process, counted on globalThis for the same reason as the registry. */
export const longPollCounter: { count: number } = (globalForMetrics.ledgerLongPollsOpen ??= { count: 0 });

export function metrics(): LedgerMetrics {
  return (globalForMetrics.ledgerMetrics ??= createMetrics());
}

function createMetrics(): LedgerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ledger_process_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'ledger_http_requests_total',
      help: 'Ledger API requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'ledger_http_request_duration_seconds',
      help: 'Time from a ledger API request arriving to its answer, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_SECONDS_BUCKETS,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'ledger_rate_limited_total',
      help: 'Requests refused with 429 because the tenant was over its rate limit in this process',
      labelNames: ['tenant'],
      registers: [registry],
    }),
    longPollsOpen: new Gauge({
      name: 'ledger_long_polls_open',
      help: 'Long polls this process holds open now',
      registers: [registry],
      collect() {
        this.set(longPollCounter.count);
      },
    }),
    jobsFinished: new Counter({
      name: 'ledger_jobs_finished_total',
      help: 'Jobs this worker process ran or took along with one it ran, by task and outcome (done, retry, failed = gave up, lease_lost)',
      labelNames: ['task', 'outcome'],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'ledger_job_duration_seconds',
      help: 'Run time of jobs in this worker process, by task and outcome',
      labelNames: ['task', 'outcome'],
      buckets: JOB_SECONDS_BUCKETS,
      registers: [registry],
    }),
    documentsRendered: new Counter({
      name: 'ledger_documents_rendered_total',
      help: 'PDF documents rendered by this process, by document type',
      labelNames: ['type'],
      registers: [registry],
    }),
    queueVacuum: new Histogram({
      name: 'ledger_queue_vacuum_seconds',
      help: "Vacuums of the queue's table this worker process ran (lib/jobs/queue-upkeep.ts), by duration",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
  };
}

/** One call at the end of the route wrapper: counts the answer and its duration. */
export function observeRequest(method: string, route: string, status: number, durationMs: number): void {
  const labels = { method, route, status: String(status) };
  const m = metrics();
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, durationMs / 1000);
}
