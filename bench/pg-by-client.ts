// `node --import tsx bench/pg-by-client.ts [create|calculate|lifecycle]`: PostgreSQL's CPU per unit
// of work (a creation, a calculation, an issued policy), split by the process each backend serves:
// the app, each worker lane, and their LISTEN connections. A backend is paired with its client
// through the two ends of their Unix socket (`ss -xpn`), since the embedded server is reached over
// one; CPU is read from /proc before and after a second run (the first warms the JIT and the
// caches). Says which side of a change (the request or its background job) costs the database.
// Prints, asserts nothing; needs `ss` (iproute2).
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { postgresProcessNames } from './backend-clients';
import { runBench, startBenchStack } from './stack';
import { aroundSecondLoad, unitLoad } from './units';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const scenario = process.argv[2] ?? 'create';
const TICK_MS = 10; // USER_HZ 100

/** CPU milliseconds of every postgres process, by pid. */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The process ended while it was read.
    }
  }
  return cpu;
}

runBench(async () => {
  const stack = await startBenchStack({ logName: 'pg-by-client-stack.log', say: () => undefined });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const measured = scenario === 'lifecycle' || scenario === 'calculate' ? scenario : 'create';
    const { units, before, after } = await aroundSecondLoad(measured, await unitLoad(stack, measured, SECONDS), postgresCpu);
    const nameOf = await postgresProcessNames(stack, db);
    const groups = new Map<string, number>();
    let total = 0;
    for (const [pid, ms] of after) {
      const used = ms - (before.get(pid) ?? 0);
      if (used <= 0) continue;
      total += used;
      const label = nameOf(pid);
      groups.set(label, (groups.get(label) ?? 0) + used);
    }
    console.log(
      `${scenario}: ${units.toFixed(0)} units in ${SECONDS} s; PostgreSQL ${(total / units).toFixed(2)} ms of CPU a unit, by the process served:`,
    );
    for (const [label, ms] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`  ${(ms / units).toFixed(2).padStart(6)} ms  ${label}`);
  } finally {
    await db.end();
    await stack.stop();
  }
});
