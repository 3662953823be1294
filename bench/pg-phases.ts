// `node --import tsx bench/pg-phases.ts [create|calculate|read|actions|lifecycle]`: where PostgreSQL's
// own CPU goes during one load, by phase of its work: parsing, analysis, planning, execution,
// commit (the deferred feed triggers, the WAL flush, the notices), the client's socket. `perf
// record` samples every postgres process with DWARF call graphs (the server is built without frame
// pointers) while the second of two loads runs; each phase is the share of samples whose stack
// passes through its function, and the same in ms of CPU per unit of work. Says whether a change
// should send fewer statements, simpler ones, or fewer transactions. Prints, asserts nothing;
// needs `perf` (Debian's linux-perf) and permission to profile the server's processes (root, or
// kernel.perf_event_paranoid ≤ 1). BENCH_KEEP_PROFILES=1 keeps perf.data for `perf report` and prints where.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchLifecycle } from './lifecycle';
import { runLoad } from './load';
import { isHotScenario, prepareScenarios, scenarioLoad } from './scenarios';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const scenario = process.argv[2] ?? 'create';
const SAMPLES_PER_SECOND = 999;

/**
 * A phase and the server functions whose inclusive samples make it up (summed: a phase's functions
 * do not call one another). The "of which" lines are parts of the commit.
 */
const PHASES: { phase: string; functions: string[] }[] = [
  { phase: 'parse', functions: ['pg_parse_query'] },
  {
    phase: 'analyze and rewrite',
    functions: ['pg_analyze_and_rewrite_fixedparams', 'pg_analyze_and_rewrite_varparams', 'pg_analyze_and_rewrite_withcb'],
  },
  { phase: 'plan', functions: ['pg_plan_queries'] },
  { phase: 'execute (the executor, from its start)', functions: ['PortalStart', 'PortalRun'] },
  { phase: 'commit', functions: ['CommitTransactionCommand'] },
  { phase: '  of which deferred triggers (the feed)', functions: ['AfterTriggerFireDeferred'] },
  { phase: '  of which WAL flush', functions: ['XLogFlush'] },
  { phase: '  of which notices', functions: ['PreCommit_Notify', 'AtCommit_Notify'] },
  { phase: 'client socket, read and write', functions: ['secure_read', 'secure_write'] },
  { phase: 'notices delivered to listeners', functions: ['ProcessNotifyInterrupt', 'ProcessIncomingNotify'] },
];

function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false; // The process ended while it was read.
      }
    })
    .map(Number);
}

/** Inclusive sample shares (percent of all samples) by function name, from `perf report --children`. */
function inclusiveShares(dataFile: string): Map<string, number> {
  const report = execFileSync('perf', ['report', '-i', dataFile, '--children', '--sort', 'symbol', '--stdio', '-g', 'none'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const shares = new Map<string, number>();
  for (const line of report.split('\n')) {
    const match = /^\s+([\d.]+)%\s+[\d.]+%\s+\[[.k]\]\s+(\S+)/.exec(line);
    if (match) shares.set(match[2]!, Number(match[1]));
  }
  return shares;
}

/** The CPU time the samples stand for, in ms: cpu-clock counts nanoseconds (the report's "Event count"). */
function sampledCpuMs(dataFile: string): number {
  const summary = execFileSync('perf', ['report', '-i', dataFile, '--stdio', '--sort', 'comm', '-g', 'none'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const match = /Event count \(approx\.\): (\d+)/.exec(summary);
  if (!match) throw new Error('perf report printed no event count');
  return Number(match[1]) / 1e6;
}

runBench(async () => {
  try {
    execFileSync('perf', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('bench/pg-phases.ts needs perf (Debian: apt-get install linux-perf)');
  }
  if (scenario !== 'lifecycle' && !isHotScenario(scenario)) throw new Error(`unknown scenario ${scenario}`);
  const stack = await startBenchStack({ logName: 'pg-phases-stack.log', say: console.log });
  const work = mkdtempSync(path.join(os.tmpdir(), 'ledger-pg-phases-'));
  try {
    const { client, context } = await prepareScenarios(stack.baseUrl, SECONDS);
    // Units of work done in one load: requests, or issued policies.
    const load = async (): Promise<number> => {
      if (scenario === 'lifecycle') return (await benchLifecycle(client, context.payload, 16, SECONDS)).issuedPerSecond * SECONDS;
      if (!isHotScenario(scenario)) throw new Error(`unknown scenario ${scenario}`);
      return (await runLoad(scenarioLoad(scenario, context))).rps * SECONDS;
    };
    await load(); // warms the JIT and the caches
    await sleep(3_000);
    const dataFile = path.join(work, 'perf.data');
    // The server and the backends the pools keep open from the warm-up.
    const perf = spawn(
      'perf',
      [
        'record',
        '--call-graph',
        'dwarf,16384',
        '-e',
        'cpu-clock',
        '-F',
        String(SAMPLES_PER_SECOND),
        '-p',
        postgresPids().join(','),
        '-o',
        dataFile,
      ],
      { stdio: 'ignore' },
    );
    await sleep(500);
    const units = await load();
    // The work a load queued (a creation's preparation) finishes after it: a few seconds more.
    await sleep(3_000);
    perf.kill('SIGINT');
    await new Promise((resolve) => perf.once('exit', resolve));
    if (!existsSync(dataFile)) throw new Error('perf recorded nothing (permission? kernel.perf_event_paranoid)');
    const sampledMs = sampledCpuMs(dataFile);
    const shares = inclusiveShares(dataFile);
    const msPerUnit = (share: number) => ((share / 100) * sampledMs) / units;
    console.log(`${scenario}: ${units.toFixed(0)} units of work; PostgreSQL ${msPerUnit(100).toFixed(2)} ms of CPU a unit (sampled)`);
    for (const { phase, functions } of PHASES) {
      const share = functions.reduce((sum, name) => sum + (shares.get(name) ?? 0), 0);
      console.log(`  ${phase.padEnd(42)} ${share.toFixed(1).padStart(5)} %  ${msPerUnit(share).toFixed(2).padStart(6)} ms a unit`);
    }
  } finally {
    if (process.env.BENCH_KEEP_PROFILES === '1') console.log(`perf data kept in ${path.join(work, 'perf.data')}`);
    else rmSync(work, { recursive: true, force: true });
    await stack.stop();
  }
});
