import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { freePort } from '../tests/support/test-stack';
import { percentile } from './load';

// The platform issue's queue measurement: pick-up latency (enqueue commit → handler start) and
// crash recovery (SIGKILL of the worker running a job → the job finished by another worker) of
// the candidates, all on the same "Job" table and the same lib/jobs claim (FOR UPDATE SKIP LOCKED):
//   notify   ours: the insert trigger NOTIFYs, workers LISTEN (2 s poll as the safety net)
//   poll-1s  the trigger disabled, workers poll every 1 s
//   poll-100ms  the trigger disabled, workers poll every 100 ms
// Runs on its own embedded PostgreSQL with two worker processes. The lease is shortened to
// BENCH_QUEUE_LEASE_MS (default 5000) for the crash measurement; recovery is lease-bound, so with
// the production lease (WORKER_LEASE_MS, 30 s) expect about 30 s more.

export interface QueueCandidateResult {
  candidate: string;
  samples: number;
  pickupP50: number;
  pickupP99: number;
  recoveryMs: number[];
  idleQueriesPerSecond: number;
}

interface WorkerMessage {
  type: 'ready' | 'start' | 'done';
  seq?: number;
  attempt?: number;
  pid: number;
  at: number;
}

// The machine's monotonic clock, the same in every process: each process's `performance.timeOrigin`
// is read from the wall clock when it starts, so a step of the wall clock between the starts of two
// processes (a VM resumed, a time sync) would offset every pick-up measured across them.
const now = () => Number(process.hrtime.bigint()) / 1e6;

class WorkerPool {
  readonly children: ChildProcess[] = [];
  private readonly listeners = new Set<(message: WorkerMessage) => void>();

  constructor(
    private readonly databaseUrl: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<ChildProcess> {
    const child = fork(path.join(import.meta.dirname, 'queue-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: this.databaseUrl, LOG_LEVEL: 'error', ...this.env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.children.push(child);
    child.on('message', (message) => {
      for (const listener of this.listeners) listener(message as WorkerMessage);
    });
    await this.next((message) => message.type === 'ready' && message.pid === child.pid, 60_000);
    return child;
  }

  next(match: (message: WorkerMessage) => boolean, timeoutMs: number): Promise<WorkerMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error('timed out waiting for a worker message'));
      }, timeoutMs);
      const listener = (message: WorkerMessage) => {
        if (!match(message)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(message);
      };
      this.listeners.add(listener);
    });
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))),
    );
  }
}

async function measureCandidate(
  db: pg.Pool,
  databaseUrl: string,
  candidate: { name: string; notify: boolean; pollMs: number },
  options: { samples: number; crashes: number; leaseMs: number },
  say: (line: string) => void,
): Promise<QueueCandidateResult> {
  await db.query(`ALTER TABLE "Job" ${candidate.notify ? 'ENABLE' : 'DISABLE'} TRIGGER job_added`);
  await db.query(`DELETE FROM "Job"`);
  const pool = new WorkerPool(databaseUrl, { BENCH_POLL_MS: String(candidate.pollMs), BENCH_LEASE_MS: String(options.leaseMs) });
  try {
    await pool.start();
    await pool.start();
    await sleep(300);

    // Idle cost: statements the workers send per second with nothing to do.
    const calls = async () =>
      Number(
        (await db.query(`SELECT coalesce(sum(xact_commit), 0) AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n,
      );
    const before = await calls();
    await sleep(3_000);
    const idleQueriesPerSecond = Math.max(0, ((await calls()) - before - 1) / 3);

    // Jobs arrive at independent random moments (not in step with a poll timer), several may be in flight.
    const delays: number[] = [];
    const windowMs = Math.max(5_000, options.samples * 50);
    const offsets = Array.from({ length: options.samples }, () => Math.random() * windowMs).sort((a, b) => a - b);
    const t0 = performance.now();
    await Promise.all(
      offsets.map(async (offsetMs, seq) => {
        await sleep(offsetMs - (performance.now() - t0));
        const started = pool.next((message) => message.type === 'start' && message.seq === seq, 10_000);
        await db.query(`INSERT INTO "Job" ("task", "payload") VALUES ('bench.ping', $1::jsonb)`, [JSON.stringify({ seq })]);
        const committed = now();
        const message = await started;
        delays.push(message.at - committed);
      }),
    );

    const recoveryMs: number[] = [];
    for (let crash = 0; crash < options.crashes; crash++) {
      const seq = 1_000_000 + crash;
      const started = pool.next((message) => message.type === 'start' && message.seq === seq && message.attempt === 1, 10_000);
      await db.query(`INSERT INTO "Job" ("task", "payload") VALUES ('bench.ping', $1::jsonb)`, [JSON.stringify({ seq, hang: true })]);
      const first = await started;
      // Let at least one heartbeat extend the lease, as in a real job that runs a while.
      await sleep(Math.max(1_000, options.leaseMs / 3) + 200);
      const finished = pool.next(
        (message) => message.type === 'done' && message.seq === seq && message.pid !== first.pid,
        options.leaseMs * 4,
      );
      const victim = pool.children.find((child) => child.pid === first.pid);
      const killedAt = now();
      victim?.kill('SIGKILL');
      const done = await finished;
      recoveryMs.push(done.at - killedAt);
      await pool.start();
    }
    const result = {
      candidate: candidate.name,
      samples: delays.length,
      pickupP50: percentile(delays, 50),
      pickupP99: percentile(delays, 99),
      recoveryMs,
      idleQueriesPerSecond,
    };
    say(
      `  ${candidate.name}: pick-up p50 ${result.pickupP50.toFixed(1)} ms, p99 ${result.pickupP99.toFixed(1)} ms; ` +
        `crash recovery ${recoveryMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}; idle ${idleQueriesPerSecond.toFixed(1)} tx/s`,
    );
    return result;
  } finally {
    await pool.stop();
  }
}

export interface QueueBenchResult {
  leaseMs: number;
  candidates: QueueCandidateResult[];
}

export async function benchQueue(say: (line: string) => void): Promise<QueueBenchResult> {
  const leaseMs = Number(process.env.BENCH_QUEUE_LEASE_MS ?? 5_000);
  const samples = Number(process.env.BENCH_QUEUE_SAMPLES ?? 100);
  const crashes = Number(process.env.BENCH_QUEUE_CRASHES ?? 2);
  const parent = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-queue-'));
  await chmod(parent, 0o755);
  const port = await freePort();
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(parent, 'postgres'), port, persistent: false });
  const db = new pg.Pool({ connectionString: embedded.url, max: 8 });
  // pool.end() resolves before its connections have closed, so the server's stop below can reach one
  // first: its "terminating connection" would then be an unhandled error that ends the whole bench.
  db.on('error', () => undefined);
  try {
    await migrate(embedded.url);
    say(`Queue: 2 worker processes, ${samples} single jobs per candidate, ${crashes} SIGKILLs, lease ${leaseMs} ms`);
    const candidates: QueueCandidateResult[] = [];
    for (const candidate of [
      { name: 'notify (ours)', notify: true, pollMs: 2_000 },
      { name: 'poll 1 s', notify: false, pollMs: 1_000 },
      { name: 'poll 100 ms', notify: false, pollMs: 100 },
    ]) {
      candidates.push(await measureCandidate(db, embedded.url, candidate, { samples, crashes, leaseMs }, say));
    }
    return { leaseMs, candidates };
  } finally {
    await db.end().catch(() => undefined);
    await embedded.stop();
  }
}
