-- Each task's jobs are announced on a channel of their own, `ledger_jobs:<task>`, which only the
-- workers that run the task LISTEN on (lib/jobs/job-channel.ts). Until now every new job was
-- delivered on the one ledger_jobs channel to every worker's LISTEN connection, and each worker
-- read the task from the notice and ignored other lanes' jobs: a delivery by PostgreSQL and a
-- wake-up of a process, for every job and every worker.
-- Workers of the previous release listen on ledger_jobs and are not woken by these notices; until
-- they are restarted they find new jobs with their poll every 2 s.

-- New jobs: one notice per task and statement, on that task's channel.
CREATE OR REPLACE FUNCTION ledger_job_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs:' || "task", '') FROM (SELECT DISTINCT "task" FROM added) AS tasks; RETURN NULL; END $$;

-- An existing job brought forward or given another chance (the trigger's condition is unchanged).
CREATE OR REPLACE FUNCTION ledger_job_due_again() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs:' || NEW."task", ''); RETURN NULL; END $$;
