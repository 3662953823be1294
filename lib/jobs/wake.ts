// Which notices on the ledger_jobs channel wake a worker. The channel's notice names the task of
// the job just added (migration 0016), so a lane wakes only for its own tasks instead of running a
// claim that finds nothing. A notice without a task (null after the listener reconnected, when
// notices may have been missed; an empty one from an older trigger or sent by hand) wakes every lane.

export function wakesWorker(notice: string | null, taskNames: readonly string[]): boolean {
  return !notice || taskNames.includes(notice);
}
