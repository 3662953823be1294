// Each task's jobs are announced at commit on a channel of their own (migration 0017), and a worker
// LISTENs only on the channels of the tasks its lane runs: a new job wakes the workers that can run
// it, and PostgreSQL delivers nothing to the others.

/** The channel a new or newly due job of `task` is announced on (the triggers of migration 0017). */
export function jobChannel(task: string): string {
  return `ledger_jobs:${task}`;
}
