// The background worker as its own process: `npm run worker` (production: scale it apart from the app).
import { prisma } from '@/lib/db/client';
import { listener } from '@/lib/jobs/listener';
import { CRON, TASKS } from '@/lib/jobs/tasks';
import { startWorker } from '@/lib/jobs/worker';
import { log } from '@/lib/log';

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set; start everything with `npm start`, or set it to run the worker alone.');
  process.exit(1);
}

const worker = await startWorker({
  tasks: TASKS,
  cron: CRON,
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 8),
  leaseMs: Number(process.env.WORKER_LEASE_MS ?? 30_000),
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('worker shutting down', { signal });
  await worker.stop();
  await listener.close();
  await prisma.$disconnect();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
