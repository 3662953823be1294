import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

// A worker lane whose work can wait (PDFs) gives the CPU to everything else: the app answering
// clients, the general lane issuing, PostgreSQL. Linux keeps the niceness per thread, and a thread
// takes it from the thread that starts it: the threads already running (V8's, libuv's) are lowered
// one by one, and every later one is born lowered.

/** The OS priority a worker of this lane runs at, unless WORKER_NICENESS says otherwise (0–19). */
export function nicenessOfLane(lane: string, configured = process.env.WORKER_NICENESS): number {
  const fallback = lane === 'documents' ? 19 : 0;
  if (configured === undefined || configured.trim() === '') return fallback;
  const value = Number(configured);
  if (!Number.isInteger(value) || value < 0 || value > 19)
    throw new RangeError(`WORKER_NICENESS must be an integer from 0 to 19, not ${configured}`);
  return value;
}

/** Lowers this process, every thread of it, to `niceness`; answers how many threads were set. */
export function lowerOwnPriority(niceness: number): number {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // No per-thread view (not Linux): the whole process at once.
    setPriority(niceness);
    return 1;
  }
  let set = 0;
  for (const thread of threads) {
    try {
      setPriority(Number(thread), niceness);
      set++;
    } catch (error) {
      // A thread that ended since the listing needs nothing.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  return set;
}
