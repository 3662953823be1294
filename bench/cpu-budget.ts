import { readdirSync, readFileSync } from 'node:fs';
import type { RunningStack } from '../scripts/stack';

// Where the machine's CPU goes during a stretch of a bench run, by process: the app, each worker
// lane and PostgreSQL (its server and every backend), read from /proc before and after. Divided by
// the issued policies, it is each policy's cost on this machine, and so the most the machine's
// cores could issue per second at that cost.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcessInfo {
  pid: number;
  ppid: number;
  command: string;
  cpuMs: number;
}

function readProcesses(): ProcessInfo[] {
  const processes: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command is in parentheses and may contain spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      processes.push({ pid: Number(entry), ppid: Number(fields[1]), command, cpuMs: (ticks * 1000) / TICKS_PER_SECOND });
    } catch {
      // The process ended while it was read.
    }
  }
  return processes;
}

function withDescendants(root: number, processes: ProcessInfo[]): ProcessInfo[] {
  const found = processes.filter((process) => process.pid === root);
  for (let i = 0; i < found.length; i++) found.push(...processes.filter((process) => process.ppid === found[i]!.pid));
  return found;
}

export type CpuGroups = Record<string, number>;

/** CPU milliseconds used so far by the stack's processes, by group. */
export function stackCpu(stack: RunningStack, dataDir: string | undefined): CpuGroups {
  const processes = readProcesses();
  const sum = (roots: number[]) =>
    roots.flatMap((root) => withDescendants(root, processes)).reduce((total, process) => total + process.cpuMs, 0);
  const pids = (children: { pid?: number }[]) => children.map((child) => child.pid).filter((pid): pid is number => pid !== undefined);
  const postmaster = dataDir ? processes.filter((process) => process.command.includes(dataDir) && /postgres/.test(process.command)) : [];
  return {
    app: sum(pids([stack.app])),
    'general worker': sum(pids([...stack.workersIn('general'), ...stack.workersIn('all')])),
    'webhooks worker': sum(pids(stack.workersIn('webhooks'))),
    'documents worker': sum(pids(stack.workersIn('documents'))),
    PostgreSQL: sum(postmaster.map((process) => process.pid)),
  };
}

export function cpuSince(before: CpuGroups, after: CpuGroups): CpuGroups {
  return Object.fromEntries(Object.entries(after).map(([group, ms]) => [group, ms - (before[group] ?? 0)]));
}

/** CPU milliseconds per unit of work (a request, a policy), by group and in total, as text with `digits` decimals. */
export function cpuPerUnit(used: CpuGroups, units: number, digits: number): { perProcess: string; total: string } {
  const perProcess = Object.entries(used)
    .map(([group, ms]) => `${group} ${(ms / units).toFixed(digits)}`)
    .join(', ');
  const total = Object.values(used).reduce((sum, ms) => sum + ms, 0) / units;
  return { perProcess, total: total.toFixed(digits) };
}

interface MachineTicks {
  busy: number;
  all: number;
  /** Context switches on every core since boot. */
  switches: number;
}

/**
 * The machine's CPU ticks so far, busy and in all, and its context switches, from /proc/stat: every
 * process's, not only the stack's.
 */
function machineTicks(): MachineTicks {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  // cpu  user nice system idle iowait irq softirq steal …
  const [user, nice, system, idle, iowait, irq, softirq] = lines[0]!.trim().split(/\s+/).slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq!;
  const switches = Number(lines.find((line) => line.startsWith('ctxt '))?.slice(5) ?? 0);
  return { busy, all: busy + idle! + iowait!, switches };
}

/** Nanoseconds a thread has run, and has waited runnable on a run queue, from /proc (null without schedstats). */
function threadSchedule(pid: number): { runNs: number; waitNs: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { runNs: run!, waitNs: wait! };
  } catch {
    return null;
  }
}

export interface CpuReading {
  /** CPU ms of the stack's processes, by group. */
  stack: CpuGroups;
  /**
   * The app's main thread (the one that answers every request): ms on a core, and ms it was
   * ready to run but waited for one, preempted by PostgreSQL, a worker or the load generator.
   */
  appThread: { runMs: number; waitMs: number } | null;
  /** CPU ms of this process: the bench's own clients, on the same cores as the stack. */
  benchProcessMs: number;
  /** The whole machine's busy share. */
  machineBusy: number;
  /**
   * Context switches on the whole machine: each time a process sleeps or is woken to answer another
   * (a round trip to PostgreSQL, a job's notice), which some hosts charge far more for than others.
   */
  contextSwitches: number;
}

/**
 * Starts counting CPU for a stretch of a bench run: `read()` gives what was spent since, by the
 * stack, by the bench's own process and by the machine as a whole; it may be called more than once.
 */
export function watchCpu(stack: RunningStack): { read(): CpuReading } {
  const stackBefore = stackCpu(stack, stack.dataDir);
  const ticksBefore = machineTicks();
  const processBefore = process.cpuUsage();
  const appPid = stack.app.pid;
  const appBefore = appPid === undefined ? null : threadSchedule(appPid);
  return {
    read() {
      const own = process.cpuUsage(processBefore);
      const ticks = machineTicks();
      const appNow = appPid === undefined ? null : threadSchedule(appPid);
      return {
        stack: cpuSince(stackBefore, stackCpu(stack, stack.dataDir)),
        appThread:
          appBefore && appNow ? { runMs: (appNow.runNs - appBefore.runNs) / 1e6, waitMs: (appNow.waitNs - appBefore.waitNs) / 1e6 } : null,
        benchProcessMs: (own.user + own.system) / 1000,
        machineBusy: (ticks.busy - ticksBefore.busy) / Math.max(1, ticks.all - ticksBefore.all),
        contextSwitches: ticks.switches - ticksBefore.switches,
      };
    },
  };
}

/** The app thread's figures per unit of work, as text for a bench line ('' without schedstats). */
export function appThreadPerUnit(reading: CpuReading, units: number): string {
  const app = reading.appThread;
  if (!app) return '';
  return `; app thread ${(app.runMs / units).toFixed(2)} ms on a core, ${(app.waitMs / units).toFixed(2)} waiting for one`;
}
