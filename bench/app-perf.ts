// `node --import tsx bench/app-perf.ts [empty read calculate lifecycle ...]`: where the app's main
// thread spends its CPU during each load, in µs a request (the lifecycle's: an issued policy), side
// by side: which package or file of ours owns it (the nearest JavaScript frame, source-mapped
// through the build's maps), the garbage collector, and
// the kernel's socket sends. `perf record` samples the app process on cpu-clock, so only time on a
// core counts (the inspector's profiler in bench/profile.ts samples the wall clock, and charges a
// thread preempted inside a system call to that call). The app runs with --perf-basic-prof so perf
// can name JIT-compiled frames; figures are inflated alike by perf's own cost, so read them against
// each other, not against bench/cpu-per-request.ts. Prints, asserts nothing; needs `perf` (Debian's
// linux-perf) as root or with kernel.perf_event_paranoid ≤ 1. BENCH_KEEP_PROFILES=1 keeps perf.data.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runLoad } from './load';
import { benchLifecycle } from './lifecycle';
import { isHotScenario, prepareScenarios, scenarioLoad } from './scenarios';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SAMPLES_PER_SECOND = 1999;
const named = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['empty', 'read', 'calculate'];

const GC_FRAME = /Scavenge|MarkCompact|MinorMC|Heap::|Sweeper|ConcurrentMarking/;
const JS_FRAME = /^JS:[*~^+]?(\S*) (\S+):(\d+):(\d+)$/;

interface Sample {
  tid: number;
  frames: string[];
}

/** Samples from `perf script -F tid,ip,sym`: a header line, then one frame a line, leaf first. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const header = /(\d+)\s*$/.exec(lines[0] ?? '');
    if (!header) continue;
    samples.push({ tid: Number(header[1]), frames: lines.slice(1).map((line) => line.trim().replace(/^[0-9a-f]+ /, '')) });
  }
  return samples;
}

/** Names the owner of a JavaScript frame: a package, a file of ours, or Node.js itself. */
function frameOwners(): (frame: string) => string | undefined {
  const maps = new Map<string, SourceMap | null>();
  const owners = new Map<string, string | undefined>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
    return maps.get(file);
  };
  const ownerOfSource = (source: string) => {
    const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (modules) return modules[1]!.replace('%40', '@');
    if (source.startsWith('node:')) return 'Node.js';
    const ours = /\/((?:lib|app|components)\/.*)$/.exec(source);
    return ours ? decodeURIComponent(ours[1]!) : '(the build, unmapped)';
  };
  return (frame) => {
    if (owners.has(frame)) return owners.get(frame);
    const match = JS_FRAME.exec(frame);
    let owner: string | undefined;
    if (match) {
      const [, , file, line, column] = match;
      const entry = file!.includes('/.next/') ? mapOf(file!)?.findEntry(Number(line) - 1, Number(column) - 1) : undefined;
      owner = ownerOfSource(entry && 'originalSource' in entry ? String(entry.originalSource) : file!);
    }
    owners.set(frame, owner);
    return owner;
  };
}

/**
 * --perf-basic-prof appends a line (start, size, name) for every code object the JIT makes, and the
 * space of code freed since is used again: perf then names a frame after the first function that
 * ever lived at its address. Rewrites the map so that a later entry replaces the earlier ones it
 * overlaps, as the code in memory did.
 */
function keepLatestSymbols(mapFile: string): void {
  const kept: { start: bigint; end: bigint; line: string }[] = [];
  for (const line of readFileSync(mapFile, 'utf8').split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) /.exec(line);
    if (!match) continue;
    const start = BigInt(`0x${match[1]}`);
    const end = start + BigInt(`0x${match[2]}`);
    // The first kept entry ending after this start: every overlap is from there on.
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (kept[middle]!.end <= start) low = middle + 1;
      else high = middle;
    }
    let last = low;
    while (last < kept.length && kept[last]!.start < end) last++;
    kept.splice(low, last - low, { start, end, line });
  }
  writeFileSync(mapFile, kept.map((entry) => entry.line).join('\n') + '\n');
}

/** µs a unit of work by owner, on the thread with the most samples (the app's main thread). */
function mainThreadShares(samples: Sample[], units: number): Map<string, number> {
  const perThread = new Map<number, number>();
  for (const sample of samples) perThread.set(sample.tid, (perThread.get(sample.tid) ?? 0) + 1);
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const ownerOf = frameOwners();
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const sample of samples) {
    if (sample.tid !== main) continue;
    count('all of the main thread');
    if (sample.frames.includes('tcp_sendmsg')) count('  kernel: TCP sends (the HTTP answers)');
    if (sample.frames.includes('unix_stream_sendmsg')) count('  kernel: Unix socket sends (to PostgreSQL)');
    if (sample.frames.some((frame) => GC_FRAME.test(frame))) {
      count('garbage collection');
      continue;
    }
    const owner = sample.frames.map(ownerOf).find((found) => found !== undefined);
    count(
      owner ??
        (sample.frames.some((frame) => frame.includes('RunMicrotasks')) ? '(promise jobs between frames)' : '(event loop, no JavaScript)'),
    );
  }
  const usPerSample = 1e6 / SAMPLES_PER_SECOND;
  return new Map([...counts].map(([key, samplesOf]) => [key, (samplesOf * usPerSample) / units]));
}

function printTable(figures: Map<string, Map<string, number>>): void {
  const owners = new Map<string, number>();
  for (const shares of figures.values()) for (const [owner, us] of shares) owners.set(owner, Math.max(owners.get(owner) ?? 0, us));
  const rows = [...owners].filter(([, us]) => us >= 1).sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([owner]) => owner.length));
  console.log(
    `${'µs of the main thread a request (lifecycle: a policy)'.padEnd(width)}  ${[...figures.keys()].map((name) => name.padStart(12)).join('')}`,
  );
  for (const [owner] of rows) {
    console.log(
      `${owner.padEnd(width)}  ${[...figures.values()].map((shares) => (shares.get(owner) ?? 0).toFixed(1).padStart(12)).join('')}`,
    );
  }
}

runBench(async () => {
  try {
    execFileSync('perf', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('bench/app-perf.ts needs perf (Debian: apt-get install linux-perf)');
  }
  // The lifecycle, as `npm run bench` runs it (16 clients, create → calculate → bind → issue → long poll), per issued policy.
  const isScenario = (name: string) => name === 'lifecycle' || isHotScenario(name);
  const unknown = named.filter((name) => !isScenario(name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}`);
  const scenarios = named.filter(isScenario);
  const stack = await startBenchStack({
    logName: 'app-perf-stack.log',
    env: { LEDGER_BENCH_ROUTES: '1', NODE_OPTIONS: '--perf-basic-prof' },
    say: console.log,
  });
  // BENCH_PERF_PROCESS=general samples the general worker instead (a creation's background preparation).
  const target = process.env.BENCH_PERF_PROCESS === 'general' ? stack.workersIn('general')[0]! : stack.app;
  const work = mkdtempSync(path.join(os.tmpdir(), 'ledger-app-perf-'));
  const figures = new Map<string, Map<string, number>>();
  try {
    const { client, context } = await prepareScenarios(stack.baseUrl, SECONDS);
    for (const scenario of scenarios) {
      const load = isHotScenario(scenario)
        ? async () => (await runLoad(scenarioLoad(scenario, context))).rps * SECONDS
        : async () => (await benchLifecycle(client, context.payload, 16, SECONDS)).issued;
      await load(); // warms the JIT and the caches
      await sleep(2_000);
      const dataFile = path.join(work, `${scenario}.perf.data`);
      const perf = spawn(
        'perf',
        ['record', '-g', '-e', 'cpu-clock', '-F', String(SAMPLES_PER_SECOND), '-p', String(target.pid), '-o', dataFile],
        {
          stdio: 'ignore',
        },
      );
      await sleep(500);
      const requests = await load();
      perf.kill('SIGINT');
      await new Promise((resolve) => perf.once('exit', resolve));
      keepLatestSymbols(`/tmp/perf-${target.pid}.map`);
      const script = execFileSync('perf', ['script', '-i', dataFile, '-F', 'tid,ip,sym'], {
        encoding: 'utf8',
        maxBuffer: 1024 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      figures.set(scenario, mainThreadShares(parseSamples(script), requests));
      console.log(`${scenario}: ${(requests / SECONDS).toFixed(0)} ${isHotScenario(scenario) ? 'req' : 'issued'}/s under perf`);
    }
    printTable(figures);
  } finally {
    await stack.stop();
    const pids = new Set([stack.app, ...stack.workers].map((child) => String(child.pid)));
    // --perf-basic-prof also turns on V8's code log, a file an isolate in the working directory.
    for (const file of readdirSync(process.cwd())) {
      const pid = /^isolate-0x[0-9a-f]+-(\d+)-v8\.log$/.exec(file)?.[1];
      if (pid && pids.has(pid)) rmSync(file, { force: true });
    }
    if (process.env.BENCH_KEEP_PROFILES === '1') console.log(`perf data kept in ${work}; the JIT's symbols in /tmp/perf-<pid>.map`);
    else {
      rmSync(work, { recursive: true, force: true });
      for (const pid of pids) rmSync(`/tmp/perf-${pid}.map`, { force: true });
    }
  }
});
