// `node --import tsx bench/profile.ts [read|empty|create|calculate|lifecycle]`: one scenario under load with
// the app and workers profiling themselves, then the self time of the app process by package and by
// function. For finding where a figure of `npm run bench` goes; prints, asserts nothing.
// BENCH_KEEP_PROFILES=1 keeps the .cpuprofile files (for Chrome's DevTools) and prints where.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchLifecycle } from './lifecycle';
import { runLoad } from './load';
import { isHotScenario, prepareScenarios, scenarioLoad } from './scenarios';
import { runBench, startBenchStack } from './stack';

const scenario = process.argv[2] ?? 'read';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const say = (line: string) => console.log(line);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function bucketOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes('/.next/') || url.includes('.next-')) return '(app bundle)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
}

function summarise(profile: Profile, top: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName || '(anonymous)';
    const bucket = name === '(idle)' ? '(idle)' : name === '(garbage collector)' ? '(gc)' : bucketOf(node.callFrame.url);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + micros);
    const key = `${name} ${bucketOf(node.callFrame.url)}:${node.callFrame.lineNumber}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
  }
  const print = (title: string, map: Map<string, number>) => {
    say(title);
    for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      say(`  ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
  };
  print('self time by package', buckets);
  print('self time by function', functions);
}

async function main(): Promise<void> {
  const profiles = await mkdtemp(path.join(os.tmpdir(), 'ledger-profiles-'));
  const stack = await startBenchStack({
    logName: 'profile-stack.log',
    env: {
      LEDGER_BENCH_ROUTES: '1',
      BENCH_CPU_PROF: profiles,
      NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}`,
    },
    say,
  });
  try {
    const { client, context } = await prepareScenarios(stack.baseUrl, SECONDS);
    // Start-up and the set-up above go to a first profile per process, which is not read.
    for (const child of [stack.app, ...stack.workers]) child.kill('SIGUSR2');
    await sleep(1_000);
    if (scenario === 'lifecycle') {
      const result = await benchLifecycle(client, context.payload, 16, SECONDS);
      say(`lifecycle: ${result.issuedPerSecond.toFixed(1)} issued/s`);
    } else {
      const options = scenarioLoad(isHotScenario(scenario) ? scenario : 'read', context);
      const result = await runLoad(options);
      say(`${scenario}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, errors ${result.errors}`);
    }
    for (const child of [stack.app, ...stack.workers]) child.kill('SIGUSR2');
    await sleep(3_000);
    const files = await readdir(profiles);
    const appFile = files.find((file) => file === `${stack.app.pid}.2.cpuprofile`);
    if (appFile) {
      say(`app process (pid ${stack.app.pid})`);
      summarise(JSON.parse(await readFile(path.join(profiles, appFile), 'utf8')) as Profile, 25);
    }
    for (const worker of stack.workers) {
      const file = files.find((name) => name === `${worker.pid}.2.cpuprofile`);
      if (!file) continue;
      say(`worker ${worker.pid} (${stack.workersIn('documents').includes(worker) ? 'documents' : 'other lane'})`);
      summarise(JSON.parse(await readFile(path.join(profiles, file), 'utf8')) as Profile, 12);
    }
  } finally {
    await stack.stop();
    if (process.env.BENCH_KEEP_PROFILES) say(`profiles kept in ${profiles}`);
    else await rm(profiles, { recursive: true, force: true });
  }
}

runBench(main);
