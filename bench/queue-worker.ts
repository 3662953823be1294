// A worker process for bench/queue.ts: the real lib/jobs worker with one benchmark task that
// reports to the parent (over IPC) when its handler starts and ends. A payload with `hang`
// makes the first attempt hang, so the parent can SIGKILL this process mid-job.
import { setTimeout as sleep } from 'node:timers/promises';
import { startWorker } from '@/lib/jobs/worker';

// `at` on the machine's monotonic clock, which bench/queue.ts reads too (the same in every process).
const send = (message: Record<string, unknown>) =>
  process.send?.({ ...message, pid: process.pid, at: Number(process.hrtime.bigint()) / 1e6 });

await startWorker({
  tasks: {
    'bench.ping': {
      run: async (job) => {
        send({ type: 'start', seq: job.payload.seq, attempt: job.attempts });
        if (job.payload.hang && job.attempts === 1) await sleep(10 * 60_000);
        send({ type: 'done', seq: job.payload.seq, attempt: job.attempts });
      },
    },
  },
  concurrency: 8,
  leaseMs: Number(process.env.BENCH_LEASE_MS ?? 30_000),
  pollIntervalMs: Number(process.env.BENCH_POLL_MS ?? 2_000),
});
send({ type: 'ready' });
process.on('SIGTERM', () => process.exit(0));
