// `npm run bench`: how fast the ledger is, as ratios measured side by side in one run.
//   npm run bench             everything (45–55 minutes on 2 cores)
//   npm run bench -- http     the HTTP scenarios, reads at scale and the in-process figures
//   npm run bench -- scale    only the reads at scale (a stack for each size, as in a full run)
//   npm run bench -- queue    only the queue candidates (bench/queue.ts)
// Loopback only; every load is bounded in time. Prints a table and writes bench/results.json
// (a partial run: bench/results-<mode>.json).
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningStack } from '../scripts/stack';
import { tenantIdOf, waitForIdleQueue } from './bulk';
import { API, brokerClient, calculatedQuotes, homeExample, TENANT } from './client';
import { watchCpu } from './cpu-budget';
import { probeHost } from './host-probe';
import { benchDocuments, benchRatingInProcess } from './in-process';
import { benchLifecycle, benchNotice, documentsListedAtSuccess, noticeOfRuns } from './lifecycle';
import { benchOrmVsRaw } from './orm';
import { mergeSlices, runLoad, sharesInBrief, type LoadResult } from './load';
import { benchQueue, type QueueBenchResult } from './queue';
import { describeBudget, printTable, targetsOf, type Figures } from './report';
import { medianOf, medianValue, RUNS, runsOf, withRange } from './repeat';
import { pick, scenarioLoad } from './scenarios';
import { readsAtScale } from './scale';
import { runBench, startBenchStack } from './stack';

const mode = process.argv[2] ?? 'all';
if (!['all', 'http', 'scale', 'queue'].includes(mode)) {
  console.error('usage: npm run bench [-- all|http|scale|queue]');
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** A lifecycle run's warm-up: at most 20 s minus a run, so its renders stay young through the run. */
const LIFECYCLE_WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const LIFECYCLE_CLIENTS = 16;
const LARGE = Number(process.env.BENCH_LARGE_POLICIES ?? 1_000_000);
const SMALL = 10_000;
/**
 * A ratio of two p99s moves about twice as much as one p99 from run to run, so the reads at scale
 * take five alternated rounds (or BENCH_RUNS, if more).
 */
const SCALE_ROUNDS = Math.max(5, RUNS);
const say = (line: string) => console.log(line);

async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve((message as { port: number }).port)));
  return { url: `http://127.0.0.1:${port}/`, child };
}

let databaseUrl = '';

/**
 * How long a scenario waits for the workers to finish the jobs earlier ones queued (the lifecycle
 * leaves hundreds of PDFs to render): a run measured beside a backlog measures the backlog.
 */
const QUIET_TIMEOUT_MS = Number(process.env.BENCH_QUIET_TIMEOUT_MS ?? 600_000);

/** Before each run: wait until no job is due, so every run starts on a quiet stack. */
async function settle(): Promise<void> {
  if (!databaseUrl) return;
  const { waitedMs, left } = await waitForIdleQueue(databaseUrl, QUIET_TIMEOUT_MS);
  if (left > 0) say(`  NOT QUIET: ${left} jobs still queued after ${(waitedMs / 1000).toFixed(0)} s; the next figure is taken beside them`);
  else if (waitedMs > 1_000) say(`  (waited ${(waitedMs / 1000).toFixed(1)} s for the workers to finish queued jobs)`);
}

/**
 * Pairs in each run of a scenario measured as a share of the empty route: the empty route, then the
 * scenario, each for half a run's seconds. The host's speed swings by a third within seconds here,
 * so a pair's share spreads by ten points either way; nine short pairs put the median closer to what
 * the route costs than three long ones (docs/benchmark-log.md, 2026-12-05, evening).
 */
const SHARE_PAIRS = Math.max(1, Number(process.env.BENCH_SHARE_PAIRS ?? 3) || 3);
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / 2));

/**
 * One scenario's figure. With `empty`, each run alternates SHARE_PAIRS pairs of the empty route and
 * the scenario, and the share of the empty route is the median of every pair's own share: a share
 * taken across the host's drift says more about the host than about the route. Such a run's req/s is
 * its slices' mean, its p50 their median and its p99 the highest of theirs.
 */
async function load(name: string, options: Parameters<typeof runLoad>[0], empty?: Parameters<typeof runLoad>[0]): Promise<LoadResult> {
  const shares: number[] = [];
  const result = await medianOf(
    async () => {
      if (WARMUP_SECONDS > 0) await runLoad({ ...options, durationS: WARMUP_SECONDS });
      if (!empty) return runLoad(options);
      const slices: LoadResult[] = [];
      for (let pair = 0; pair < SHARE_PAIRS; pair++) {
        // The jobs a write's slice queued are done before the empty route runs, not beside it.
        await settle();
        const ceiling = await runLoad({ ...empty, durationS: SLICE_SECONDS });
        const slice = await runLoad({ ...options, durationS: SLICE_SECONDS });
        shares.push(slice.rps / ceiling.rps);
        slices.push(slice);
      }
      return mergeSlices(slices);
    },
    (run) => run.rps,
    settle,
  );
  const share = shares.length ? medianValue(shares) : undefined;
  say(
    `  ${name.padEnd(24)} ${withRange(result.rps, result.spread).padStart(18)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${withRange(result.p99, { ...result.spread, values: result.spread.p99s }, 1)} ms  errors ${result.errors}` +
      (share ? `  ${(share.median * 100).toFixed(0)}% of the empty route (${sharesInBrief(share.values)})` : ''),
  );
  return share ? { ...result, share } : result;
}

async function httpBench(stack: RunningStack, figures: Figures): Promise<void> {
  const bare = await startBareServer();
  try {
    const client = await brokerClient(stack.baseUrl);
    const payload = await homeExample(client);
    const headers = client.headers;
    const base = { connections: CONNECTIONS, durationS: SECONDS, headers };
    say(
      `HTTP: ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up; median of ${RUNS} runs (range), each on a quiet stack`,
    );
    figures.http.bare = await load('bare node:http', { ...base, url: bare.url, headers: {} });
    const beforeQuotes = { baseUrl: stack.baseUrl, headers, payload, ids: [], connections: CONNECTIONS, durationS: SECONDS };
    const empty = scenarioLoad('empty', beforeQuotes);
    figures.http.empty = await load('empty Next.js route', empty);
    // What Next.js adds for a dynamic segment alone: the ceiling of a read by id.
    figures.http.emptyWithId = await load(
      'empty route with an {id}',
      {
        ...base,
        url: `${stack.baseUrl}/api/bench/empty/1`,
        headers: {},
        path: () => `/api/bench/empty/${crypto.randomUUID()}`,
      },
      empty,
    );
    // What a write's JSON body adds: the ceiling of a calculation (and, without the {id}, of a creation).
    figures.http.emptyPost = await load('empty POST, {id} and a body', scenarioLoad('empty-post', beforeQuotes), empty);

    const ids = await calculatedQuotes(client, payload, 200);
    const context = { baseUrl: stack.baseUrl, headers, payload, ids, connections: CONNECTIONS, durationS: SECONDS };
    // The floors: the ceilings above and the least a ledger call does with PostgreSQL, one round
    // trip on the app's pool (a creation's body and a durable commit; a read by id; a calculation's
    // {id}, body and durable commit). What lies between a floor and its row is the ledger's own work.
    figures.http.floorCreate = await load('floor: body, durable commit', scenarioLoad('floor-create', context), empty);
    figures.http.floorRead = await load('floor: {id}, one read', scenarioLoad('floor-read', context), empty);
    figures.http.floorCalculate = await load('floor: {id}, body, commit', scenarioLoad('floor-calculate', context), empty);
    figures.http.create = await load('create quote', scenarioLoad('create', context), empty);
    figures.http.read = await load('read quote', scenarioLoad('read', context), empty);
    figures.http.actions = await load('actions poll', scenarioLoad('actions', context), empty);
    figures.http.calculate = await load('calculate', scenarioLoad('calculate', context), empty);

    // Each lifecycle run waits minutes for the documents of the one before, and a run that starts
    // cold after that quiet spell issued a quarter fewer than one after a short warm-up (as every
    // HTTP run above has; docs/benchmark-log.md, 2026-12-05). Its renders are younger than the
    // lane's 20 s bound until the run ends, so they wait for a free core like the run's own.
    const warmUpLifecycle = () => benchLifecycle(client, payload, LIFECYCLE_CLIENTS, LIFECYCLE_WARMUP_SECONDS);
    say(
      `Lifecycle: ${LIFECYCLE_CLIENTS} clients, create → calculate → bind → issue → long poll, ${SECONDS * 2} s per run after ${LIFECYCLE_WARMUP_SECONDS} s of warm-up`,
    );
    const lifecycle = await medianOf(
      async () => {
        await warmUpLifecycle();
        return benchLifecycle(client, payload, LIFECYCLE_CLIENTS, SECONDS * 2);
      },
      (run) => run.issuedPerSecond,
      settle,
    );
    const { requestIds, ...lifecycleFigures } = lifecycle;
    figures.lifecycle = lifecycleFigures;
    say(
      `  ${lifecycle.issued} issued, ${withRange(lifecycle.issuedPerSecond, lifecycle.spread, 1)}/s, p50 ${lifecycle.p50.toFixed(0)} ms, p99 ${withRange(lifecycle.p99, { ...lifecycle.spread, values: lifecycle.spread.p99s })} ms, errors ${lifecycle.errors}`,
    );
    // One more run with the CPU of every process counted, then again once the deferred documents are done.
    await settle();
    await warmUpLifecycle();
    const cpu = watchCpu(stack);
    const budgetRun = await benchLifecycle(client, payload, LIFECYCLE_CLIENTS, SECONDS * 2);
    const during = cpu.read();
    await settle();
    figures.cpuBudget = {
      issued: budgetRun.issued,
      seconds: budgetRun.durationS,
      cores: os.cpus().length,
      during: during.stack,
      withDocuments: cpu.read().stack,
      benchClientsMs: during.benchProcessMs,
      machineBusy: during.machineBusy,
    };
    say(`  CPU per issued policy: ${describeBudget(figures.cpuBudget)}`);
    figures.http.requestStatus = await load(
      'request status poll',
      {
        ...base,
        url: `${stack.baseUrl}${API}/requests/${requestIds[0]}`,
        path: () => `${API}/requests/${pick(requestIds)}`,
      },
      empty,
    );

    await settle();
    say('ORM vs raw SQL: the hot reads in this process, same transaction and role switch, 16 at a time');
    const tenantId = await tenantIdOf(stack.databaseUrl, TENANT);
    figures.orm = await benchOrmVsRaw(stack.databaseUrl, tenantId, ids, requestIds, say);

    say('Notice: issue job commit → waiting client has the answer');
    // 200 samples a run: of 60, the p99 was the largest one, one slow request deciding the target.
    // Like every figure, the median of RUNS runs, each on a quiet stack.
    const noticeRuns = async (samples: number, parallel: number, name: string) =>
      noticeOfRuns(
        await runsOf(async () => {
          const result = await benchNotice(client, stack.databaseUrl, payload, { kind: 'long-poll' }, samples, parallel);
          say(
            `  ${name}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; woken waits: ${result.woken.samples}, p50 ${result.woken.p50.toFixed(1)} ms`,
          );
          return result;
        }, settle),
      );
    figures.notice.longPoll = await noticeRuns(200, 4, 'long poll');
    // The wake-up itself: one client, nothing else running but what its own issue queued.
    figures.notice.longPollAlone = await noticeRuns(30, 1, 'long poll alone');
    figures.notice.poll1s = await benchNotice(client, stack.databaseUrl, payload, { kind: 'poll', intervalMs: 1000 }, 30, 6);
    say(`  polling every 1 s: p50 ${figures.notice.poll1s.p50.toFixed(1)} ms, p99 ${figures.notice.poll1s.p99.toFixed(1)} ms`);

    await settle();
    figures.documentsOffPath = await documentsListedAtSuccess(client, figures.notice.longPoll.listedAtSuccess);
    say(
      `Documents at success: ${figures.documentsOffPath.policies} policies listed ${figures.documentsOffPath.documentsPerPolicy} documents each right after \`success\`${figures.documentsOffPath.allListedAtSuccess ? ', all of them (now stored)' : '; NOT all of them'}`,
    );
  } finally {
    bare.child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  say(
    `Load average before the run: ${loadBefore.map((value) => value.toFixed(2)).join(' ')} (${os.cpus().length} cores, Node.js ${process.version}, which runs the app and workers too; other processes skew the figures)`,
  );
  const figures: Figures = { http: {}, notice: {}, scale: {} };
  figures.host = await probeHost();
  say(
    `Host: a byte to another process and back ${figures.host.betweenProcessesUs.toFixed(0)} µs, within one process ${figures.host.withinProcessUs.toFixed(0)} µs (loopback TCP; what a round trip to PostgreSQL or a job's notice pays for waking a process)`,
  );
  if (mode === 'all' || mode === 'http') {
    const stack = await startBenchStack({
      logName: 'bench-stack.log',
      env: {
        // The empty route the figures are measured against exists only when the bench asks for it.
        LEDGER_BENCH_ROUTES: '1',
        ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}` } : {}),
      },
      say,
    });
    databaseUrl = stack.databaseUrl;
    try {
      await httpBench(stack, figures);
    } finally {
      if (process.env.BENCH_CPU_PROF) {
        for (const child of [stack.app, ...stack.workers]) child.kill('SIGUSR2');
        await sleep(3_000);
        say(`CPU profiles of the app (pid ${stack.app.pid}) and worker written to ${process.env.BENCH_CPU_PROF}`);
      }
      await stack.stop();
    }
  }
  if (mode !== 'queue') {
    figures.scale = await readsAtScale({
      small: SMALL,
      large: LARGE,
      rounds: SCALE_ROUNDS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      quietTimeoutMs: QUIET_TIMEOUT_MS,
      say,
    });
  }
  if (mode === 'all' || mode === 'http') {
    say('In process');
    figures.rating = await benchRatingInProcess(3_000);
    say(`  rating: ${figures.rating.callsPerSecond} calculations/s`);
    figures.documents = await benchDocuments(5_000, 20);
    say(`  documents: ${figures.documents.perSecond.toFixed(1)} PDFs/s, offer p50 ${figures.documents.offerP50.toFixed(0)} ms`);
  }
  let queue: QueueBenchResult | undefined;
  if (mode === 'all' || mode === 'queue') queue = await benchQueue(say);

  const targets = targetsOf(figures, queue);
  printTable(figures, queue, targets);
  const results = {
    at: new Date().toISOString(),
    mode,
    durationS: Math.round((Date.now() - started) / 1000),
    commit: gitCommit(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      // Other processes on the machine skew every figure; the ratios measured side by side less so.
      loadAverageBefore: loadBefore.map((value) => Math.round(value * 100) / 100),
      loadAverageAfter: os.loadavg().map((value) => Math.round(value * 100) / 100),
    },
    settings: {
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      lifecycleClients: LIFECYCLE_CLIENTS,
      largePolicies: LARGE,
      runs: RUNS,
      scaleRounds: SCALE_ROUNDS,
      quietTimeoutMs: QUIET_TIMEOUT_MS,
    },
    figures,
    queue,
    targets,
  };
  // A partial run does not overwrite the full run's figures.
  const file = mode === 'all' ? 'results.json' : `results-${mode}.json`;
  await writeFile(path.join(import.meta.dirname, file), `${JSON.stringify(results, null, 2)}\n`);
  say(`Wrote bench/${file} (${results.durationS} s)`);
}

function gitCommit(): string {
  try {
    const sha = execSync('git rev-parse HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain', { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return 'unknown';
  }
}

runBench(main);
