-- A job's notice names its tenant (empty for a job of no tenant): a worker already running one of
-- that tenant's jobs of a task that takes the others along (lib/jobs/worker.ts, takesAlong) does
-- not claim for it, since its claim would leave that tenant's jobs for the running one to take
-- along (lib/jobs/claim-sql.ts) and come back empty. Workers of the previous release ignore the
-- payload as they ignored the empty one.

-- New jobs: one notice per task, tenant and statement, on that task's channel.
CREATE OR REPLACE FUNCTION ledger_job_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM pg_notify('ledger_jobs:' || "task", coalesce("tenantId"::text, ''))
      FROM (SELECT DISTINCT "task", "tenantId" FROM added) AS jobs;
    RETURN NULL;
  END $$;

-- An existing job brought forward or given another chance (the trigger's condition is unchanged).
CREATE OR REPLACE FUNCTION ledger_job_due_again() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs:' || NEW."task", coalesce(NEW."tenantId"::text, '')); RETURN NULL; END $$;
