import { readFileSync } from 'node:fs';

// How much of the host's CPU other work leaves idle, from /proc/stat. The documents lane renders
// only when a core is free of other work (./worker.ts, `deferWhenHostBusy`): an OS priority does
// not keep a render from slowing the app, the general lane and PostgreSQL on a virtual machine
// (docs/benchmark-log.md, "Where the rest goes"), but not starting it does.

/** The host's CPU time so far, in clock ticks over all its cores, and how many cores it has. */
export interface HostTicks {
  busy: number;
  total: number;
  cores: number;
}

/** Reads /proc/stat's `cpu` line (user nice system idle iowait irq softirq steal …) and its `cpuN` lines. */
export function parseHostTicks(procStat: string): HostTicks | null {
  const lines = procStat.split('\n');
  const fields = (lines[0] ?? '').trim().split(/\s+/);
  if (fields[0] !== 'cpu' || fields.length < 5) return null;
  // guest and guest_nice are counted in user and nice already.
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields.slice(1, 9).map(Number);
  const ticks = [user, nice, system, idle, iowait, irq, softirq, steal];
  if (ticks.some((tick) => tick === undefined || !Number.isFinite(tick))) return null;
  const busy = user! + nice! + system! + irq + softirq + steal;
  const cores = lines.filter((line) => /^cpu\d+\s/.test(line)).length;
  if (cores === 0) return null;
  return { busy, total: busy + idle! + iowait, cores };
}

/**
 * Cores that other work left idle between two readings: the host's idle share of its cores, with
 * the cores this process used itself (`ownCores`, its CPU time over the wall time) counted as idle.
 */
export function idleCoresBetween(before: HostTicks, after: HostTicks, ownCores: number): number | null {
  const total = after.total - before.total;
  if (total <= 0) return null;
  const busyCores = ((after.busy - before.busy) / total) * after.cores;
  const othersBusy = Math.max(0, busyCores - Math.max(0, ownCores));
  return Math.max(0, after.cores - othersBusy);
}

/** A reading taken less than this long after the last one answers the last figure again. */
const MIN_WINDOW_MS = 100;

/**
 * A gauge of the cores other work has left idle since it was last read: null at its first reading,
 * and where /proc/stat cannot be read (not Linux), so that nothing is deferred on a host it cannot see.
 */
export function hostIdleCores(
  readProcStat: () => string = () => readFileSync('/proc/stat', 'utf8'),
  ownCpuMicros: () => number = () => {
    const usage = process.cpuUsage();
    return usage.user + usage.system;
  },
): () => number | null {
  let last: { ticks: HostTicks; ownMicros: number; atMs: number } | null = null;
  let figure: number | null = null;
  return () => {
    const atMs = performance.now();
    if (last && atMs - last.atMs < MIN_WINDOW_MS) return figure;
    let ticks: HostTicks | null;
    try {
      ticks = parseHostTicks(readProcStat());
    } catch {
      ticks = null;
    }
    if (!ticks) return null;
    const ownMicros = ownCpuMicros();
    if (last) figure = idleCoresBetween(last.ticks, ticks, (ownMicros - last.ownMicros) / 1000 / (atMs - last.atMs));
    last = { ticks, ownMicros, atMs };
    return figure;
  };
}

export interface DeferSettings {
  /** Background jobs wait while fewer cores than this are idle of other work. */
  minIdleCores: number;
  /** …but no longer than this after they were due. */
  maxDeferMs: number;
}

/**
 * The documents lane defers its background renders (a render takes a whole core while it runs) for
 * up to 20 s; the other lanes never do. WORKER_DEFER_IDLE_CORES (0 turns it off) and
 * WORKER_DEFER_MAX_MS change it.
 */
export function deferSettingsOfLane(lane: string, env: Record<string, string | undefined> = process.env): DeferSettings | undefined {
  if (lane !== 'documents') return undefined;
  const minIdleCores = numberSetting(env, 'WORKER_DEFER_IDLE_CORES', 1, 0, 1_024);
  const maxDeferMs = numberSetting(env, 'WORKER_DEFER_MAX_MS', 20_000, 0, 1_800_000);
  return minIdleCores > 0 && maxDeferMs > 0 ? { minIdleCores, maxDeferMs } : undefined;
}

function numberSetting(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const configured = env[name];
  if (configured === undefined || configured.trim() === '') return fallback;
  const value = Number(configured);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new RangeError(`${name} must be a number from ${min} to ${max}, not ${configured}`);
  return value;
}
