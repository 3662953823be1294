// `npm start`: the service and pages with their worker. Without DATABASE_URL it runs on an
// embedded PostgreSQL kept under .data/ and seeds the demo tenants; with it, it uses that
// server and seeds nothing secret. Ctrl-C stops everything.
import path from 'node:path';
import { startStack } from './stack';

const startedMs = Date.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
// Signals are handled from the first moment: Ctrl-C while starting lets the start finish its
// step and then stops everything it started, instead of leaving the app or database orphaned.
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping...');
  const started = await starting.catch(() => undefined);
  await started?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

const starting = startStack({
  dataDir: path.join(process.cwd(), '.data', 'postgres'),
  persistentData: true,
  pgPort: Number(process.env.EMBEDDED_PG_PORT ?? 5433),
  appPort: Number(process.env.PORT ?? 3000),
  databaseUrl,
  seedDemo: !databaseUrl || process.env.LEDGER_SEED_DEMO === '1',
  workers: Number(process.env.WORKER_PROCESSES ?? 1),
});
const stack = await starting;
console.log(`First response after ${((Date.now() - startedMs) / 1000).toFixed(1)} s. Open http://localhost:${process.env.PORT ?? 3000}`);
if (!databaseUrl) console.log('Demo sign-in: broker@acme.test / broker-password (see README for API clients)');
stack.app.on('exit', (code) => {
  if (!stopping) {
    console.error(`The app exited (code ${code}); stopping.`);
    void shutdown();
  }
});
