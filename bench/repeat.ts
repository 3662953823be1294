// Every figure of the bench is the median of several runs (BENCH_RUNS, default 3), each started on
// a quiet stack, with the spread of the runs printed beside it: one run on a shared machine says
// little, and a spread wider than the difference being claimed says the difference is noise.

export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);

export interface Spread {
  runs: number;
  /** The ranked figure of each run (req/s, issued/s), lowest to highest. */
  values: number[];
  /** p99 of each run in ms, lowest to highest. */
  p99s: number[];
}

/** Runs `once` RUNS times (after `before` each time) and answers the median run by `rank`, with the spread. */
export async function medianOf<T extends { p99: number }>(
  once: () => Promise<T>,
  rank: (result: T) => number,
  before: () => Promise<void>,
): Promise<T & { spread: Spread }> {
  return medianRun(await runsOf(once, before), rank);
}

/** Runs `once` RUNS times, each after `before` (a quiet stack), and answers every run's result in order. */
export async function runsOf<T>(once: () => Promise<T>, before: () => Promise<void>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run < RUNS; run++) {
    await before();
    results.push(await once());
  }
  return results;
}

/** The median of `results` by `rank` (the lower of the two middle ones), with the spread of them all. */
export function medianRun<T extends { p99: number }>(results: T[], rank: (result: T) => number): T & { spread: Spread } {
  const sorted = [...results].sort((a, b) => rank(a) - rank(b));
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    spread: { runs: results.length, values: sorted.map(rank), p99s: results.map((result) => result.p99).sort((a, b) => a - b) },
  };
}

/** The median of `values` (the lower of the two middle ones) and the values lowest to highest. */
export function medianValue(values: number[]): { median: number; values: number[] } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, values: sorted };
}

/** `1,234 (1,100–1,300)`: the median and the range of the runs. */
export function withRange(value: number, spread: Spread | undefined, digits = 0): string {
  const fmt = (x: number) => x.toFixed(digits);
  if (!spread || spread.runs < 2) return fmt(value);
  return `${fmt(value)} (${fmt(spread.values[0]!)}–${fmt(spread.values.at(-1)!)})`;
}
