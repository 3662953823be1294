import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitForIdleQueue } from './bulk';
import { API } from './client';
import { cpuSince, type CpuGroups } from './cpu-budget';
import { runLoad, type LoadResult } from './load';
import { medianRun, medianValue, withRange } from './repeat';
import { pick } from './scenarios';
import type { ScaleStackMessage, ScaleStackReady, ScaleStackRequest } from './scale-stack';

// The reads at scale: random quotes read at 10,000 and at 1,000,000 policies, each size on a stack
// of its own (./scale-stack.ts), both started before the first run and up until the last, their runs
// alternated. One stack filled between the two sizes put the larger's runs minutes after the
// smaller's, every time right after the fill, its VACUUM and its checkpoint; a host whose speed
// drifts by a third within minutes then decided the ratio. Alternated, each round's two runs are
// seconds apart, and the order within a round flips from one round to the next.

export interface ScaleRead extends LoadResult {
  policies: number;
  /** CPU ms a read by process group, the median of the rounds. */
  cpuPerRead: { app: number; postgres: number };
  /** PostgreSQL's `huge_pages_status` (`on`, `off`): its shared buffers in 2 MB pages or in 4 kB ones. */
  hugePages: string;
}

export interface ScaleFigures {
  small?: ScaleRead;
  large?: ScaleRead;
  /** Each round's p99 at the larger size over the smaller's (lowest to highest), and their median. */
  p99Ratio?: { median: number; values: number[] };
}

export interface ScaleOptions {
  small: number;
  large: number;
  rounds: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  quietTimeoutMs: number;
  say: (line: string) => void;
}

interface SizeStack {
  policies: number;
  child: ChildProcess;
  ready: ScaleStackReady;
}

interface Round {
  load: LoadResult;
  cpu: CpuGroups;
}

function nextMessage(child: ChildProcess, what: string): Promise<ScaleStackMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`The stack for the reads at scale ended with code ${code} before ${what}`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as ScaleStackMessage);
    });
  });
}

async function startSizeStack(policies: number): Promise<SizeStack> {
  const child = fork(path.join(import.meta.dirname, 'scale-stack.ts'), [String(policies)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const message = await nextMessage(child, 'it was ready');
  if (!('ready' in message)) throw new Error('The stack for the reads at scale answered before it was ready');
  return { policies, child, ready: message.ready };
}

async function stackCpuOf(stack: SizeStack): Promise<CpuGroups> {
  const answer = nextMessage(stack.child, 'its CPU');
  stack.child.send('cpu' satisfies ScaleStackRequest);
  const message = await answer;
  if (!('cpu' in message)) throw new Error('The stack for the reads at scale answered something else than its CPU');
  return message.cpu;
}

async function stopSizeStack(stack: SizeStack): Promise<void> {
  // Gone already (it failed, or was killed): nothing to stop, and no channel to send on.
  if (stack.child.exitCode !== null || stack.child.signalCode !== null || !stack.child.connected) return;
  const exited = new Promise((resolve) => stack.child.once('exit', resolve));
  stack.child.send('stop' satisfies ScaleStackRequest);
  const timer = setTimeout(() => stack.child.kill('SIGTERM'), 60_000);
  await exited;
  clearTimeout(timer);
}

async function readRound(stack: SizeStack, options: ScaleOptions): Promise<Round> {
  const { waitedMs, left } = await waitForIdleQueue(stack.ready.databaseUrl, options.quietTimeoutMs);
  if (left > 0) options.say(`  NOT QUIET: ${left} jobs still queued after ${(waitedMs / 1000).toFixed(0)} s at ${stack.policies} policies`);
  const { baseUrl, headers, sample } = stack.ready;
  const load = {
    url: `${baseUrl}${API}/sales/policies/${sample[0]}`,
    path: () => `${API}/sales/policies/${pick(sample)}`,
    headers,
    connections: options.connections,
  };
  if (options.warmupSeconds > 0) await runLoad({ ...load, durationS: options.warmupSeconds });
  const before = await stackCpuOf(stack);
  const result = await runLoad({ ...load, durationS: options.seconds });
  return { load: result, cpu: cpuSince(before, await stackCpuOf(stack)) };
}

/** The median round by reads a second, with the spread of the rounds and the median CPU a read. */
function summary(stack: SizeStack, rounds: Round[]): ScaleRead {
  const perRead = (round: Round, group: string) => (round.cpu[group] ?? 0) / Math.max(1, round.load.requests);
  return {
    ...medianRun(
      rounds.map((round) => round.load),
      (load) => load.rps,
    ),
    policies: stack.policies,
    hugePages: stack.ready.hugePages,
    cpuPerRead: {
      app: medianValue(rounds.map((round) => perRead(round, 'app'))).median,
      postgres: medianValue(rounds.map((round) => perRead(round, 'PostgreSQL'))).median,
    },
  };
}

export async function readsAtScale(options: ScaleOptions): Promise<ScaleFigures> {
  const { say } = options;
  say(
    `Reads at scale: random ids at ${options.small} and at ${options.large} policies, a stack for each, ${options.rounds} alternated rounds`,
  );
  const stacks: SizeStack[] = [];
  try {
    // One after the other: the larger's fill would slow the smaller's start, and both are up before any run.
    for (const policies of [options.small, options.large]) stacks.push(await startSizeStack(policies));
    const [small, large] = stacks as [SizeStack, SizeStack];
    const smallRounds: Round[] = [];
    const largeRounds: Round[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const smallFirst = round % 2 === 0;
      const first = await readRound(smallFirst ? small : large, options);
      const second = await readRound(smallFirst ? large : small, options);
      const [atSmall, atLarge] = smallFirst ? [first, second] : [second, first];
      smallRounds.push(atSmall);
      largeRounds.push(atLarge);
      ratios.push(atLarge.load.p99 / atSmall.load.p99);
      const describe = (at: Round) => `${at.load.rps.toFixed(0)} req/s, p99 ${at.load.p99.toFixed(0)} ms`;
      say(
        `  round ${round + 1}: @ ${options.small} ${describe(atSmall)}; @ ${options.large} ${describe(atLarge)}; ${ratios.at(-1)!.toFixed(2)}×`,
      );
    }
    const figures: ScaleFigures = {
      small: summary(small, smallRounds),
      large: summary(large, largeRounds),
      p99Ratio: medianValue(ratios),
    };
    for (const read of [figures.small!, figures.large!])
      say(
        `  read quote @ ${String(read.policies).padEnd(10)} ${withRange(read.rps, read.spread).padStart(18)} req/s  p50 ${read.p50.toFixed(1)} ms  p99 ${withRange(read.p99, { ...read.spread!, values: read.spread!.p99s }, 1)} ms  errors ${read.errors}  CPU a read: app ${read.cpuPerRead.app.toFixed(2)} ms, PostgreSQL ${read.cpuPerRead.postgres.toFixed(2)} ms; huge pages ${read.hugePages}`,
      );
    say(`  p99 at ${options.large} over ${options.small}, round by round: ${describeRatio(figures.p99Ratio!)}`);
    return figures;
  } finally {
    for (const stack of stacks) await stopSizeStack(stack);
  }
}

/** `1.13× (0.89–1.32)`: the median of the rounds' ratios and their range. */
export function describeRatio(ratio: { median: number; values: number[] }): string {
  return `${ratio.median.toFixed(2)}× (${ratio.values[0]!.toFixed(2)}–${ratio.values.at(-1)!.toFixed(2)})`;
}
