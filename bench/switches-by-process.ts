// `node --import tsx bench/switches-by-process.ts [create|calculate|read|empty]`: the context
// switches a request, by the process that made them: the app, each worker lane, the load
// generator, and PostgreSQL's backends by the process each serves (as bench/pg-by-client.ts pairs
// them) and its own helpers (the WAL writer, …). A voluntary switch is a process going to sleep to
// wait (for an answer, a lock, a notice), so each one is a wake-up someone pays for later; on a host
// that charges for every process it wakes, these say which crossings a change should remove. Beside
// them, each process's minor page faults a request: on such a host a fault is dear too (docs/benchmark-log.md).
// Read from /proc/<pid>/task/*/status and /proc/<pid>/stat before and after a second run. Prints,
// asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { postgresProcessNames, procStatFields, stackRoleOf } from './backend-clients';
import { runBench, startBenchStack } from './stack';
import { aroundSecondLoad, unitLoad, type UnitScenario } from './units';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const scenario = (process.argv[2] ?? 'create') as UnitScenario;

interface Switches {
  voluntary: number;
  involuntary: number;
  /** Minor page faults: a page mapped on first touch (each one a trap into the kernel and, on a paravirtualized host, the hypervisor). */
  faults: number;
}

/** Context switches of every thread of every process, by pid. */
function switchesByPid(): Map<number, Switches> {
  const found = new Map<number, Switches>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const total = { voluntary: 0, involuntary: 0, faults: 0 };
    try {
      total.faults = Number(procStatFields(entry)[7] ?? 0);
      for (const task of readdirSync(`/proc/${entry}/task`)) {
        const status = readFileSync(`/proc/${entry}/task/${task}/status`, 'utf8');
        total.voluntary += Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
        total.involuntary += Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
      }
      found.set(Number(entry), total);
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

runBench(async () => {
  const stack = await startBenchStack({ logName: 'switches-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: () => undefined });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const { units, before, after } = await aroundSecondLoad(scenario, await unitLoad(stack, scenario, SECONDS), switchesByPid);
    const nameOf = await postgresProcessNames(stack, db);
    const groups = new Map<string, Switches>();
    const totals = { voluntary: 0, involuntary: 0, faults: 0 };
    for (const [pid, now] of after) {
      const was = before.get(pid) ?? { voluntary: 0, involuntary: 0, faults: 0 };
      const used = {
        voluntary: now.voluntary - was.voluntary,
        involuntary: now.involuntary - was.involuntary,
        faults: now.faults - was.faults,
      };
      if (used.voluntary + used.involuntary + used.faults <= 0) continue;
      const label = commandOf(pid).startsWith('postgres')
        ? `PostgreSQL (${nameOf(pid)})`
        : (stackRoleOf(stack, pid) ?? `other: ${commandOf(pid)}`);
      const group = groups.get(label) ?? { voluntary: 0, involuntary: 0, faults: 0 };
      group.voluntary += used.voluntary;
      group.involuntary += used.involuntary;
      group.faults += used.faults;
      groups.set(label, group);
      totals.voluntary += used.voluntary;
      totals.involuntary += used.involuntary;
      totals.faults += used.faults;
    }
    const per = (n: number) => (n / units).toFixed(2).padStart(6);
    console.log(
      `${scenario}: ${units.toFixed(0)} units in ${SECONDS} s; a unit's context switches, voluntary (sleeps) and involuntary (preempted), and minor page faults:`,
    );
    console.log(`  ${per(totals.voluntary)} ${per(totals.involuntary)} ${per(totals.faults)}  in all`);
    for (const [label, s] of [...groups].sort((a, b) => b[1].voluntary - a[1].voluntary)) {
      if (s.voluntary + s.involuntary + s.faults < units * 0.01) continue;
      console.log(`  ${per(s.voluntary)} ${per(s.involuntary)} ${per(s.faults)}  ${label}`);
    }
  } finally {
    await db.end();
    await stack.stop();
  }
});
