import { errorFields, log } from '@/lib/log';

// Every job leaves dead row versions in the queue's table (its claim, then its deletion) and dead
// entries in the table's indexes. A claim's scan walks past those entries until VACUUM removes
// them (its bitmap scan of the task index never marks them dead, as a plain index scan would), and
// autovacuum visits a database about once a minute: under a steady 400 jobs a second a claim read
// 84 pages after 30 s where it read 2 on a clean table (docs/benchmark-log.md, "The queue's own vacuum"). So a worker
// vacuums the queue's table itself, each time it has finished enough jobs and some time has passed:
// a small table, vacuumed in milliseconds, and only that one (autovacuum told to look every second
// cost every other table a visit too).

export interface QueueUpkeepOptions {
  /** Jobs this worker finishes between two vacuums, at least. */
  everyJobs: number;
  /** Time between the starts of two vacuums, at least. */
  minIntervalMs: number;
  /** Vacuums the queue's table; its failure is logged, and the next finished jobs try again. */
  vacuum: () => Promise<void>;
  now?: () => number;
}

export interface QueueUpkeep {
  /** Called for the jobs the worker finished (one, or those a job took along), whatever their outcome. */
  jobFinished(count?: number): void;
  /** Resolves once no vacuum is running (a worker stopping waits for it). */
  settled(): Promise<void>;
}

export function queueUpkeep({ everyJobs, minIntervalMs, vacuum, now = () => performance.now() }: QueueUpkeepOptions): QueueUpkeep {
  let finished = 0;
  let lastStartMs = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  return {
    jobFinished(count = 1) {
      finished += count;
      if (running || finished < everyJobs || now() - lastStartMs < minIntervalMs) return;
      finished = 0;
      lastStartMs = now();
      running = vacuum()
        .catch((error: unknown) => log.warn('queue vacuum failed; it is tried again after more jobs', errorFields(error)))
        .finally(() => {
          running = null;
        });
    },
    settled: () => running ?? Promise.resolve(),
  };
}

/** A worker's vacuums: after 200 finished jobs, at most one a second. */
export const QUEUE_VACUUM_DEFAULT = { everyJobs: 200, minIntervalMs: 1_000 };

/**
 * The vacuum a worker runs: index entries cleaned even when few heap pages changed (the entries are
 * what claims walk), no truncation of the table's end (it would lock claims out for a moment), and
 * skipped when another worker's vacuum holds the table.
 */
export const QUEUE_VACUUM_SQL = 'VACUUM (SKIP_LOCKED, INDEX_CLEANUP ON, TRUNCATE OFF) "Job"';
