-- A job due now wakes only the workers that run its task. The notice on the ledger_jobs channel
-- names the task (NOTIFY folds identical notices within a transaction), and a worker whose lane has
-- no such task stays asleep instead of running a claim that finds nothing: until now every
-- creation woke the documents and webhooks lanes too.

-- New jobs: one notice per task and statement.
CREATE OR REPLACE FUNCTION ledger_job_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs', "task") FROM (SELECT DISTINCT "task" FROM added) AS tasks; RETURN NULL; END $$;
DROP TRIGGER job_added ON "Job";
CREATE TRIGGER job_added AFTER INSERT ON "Job"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_job_added();

-- An existing job brought forward or given another chance (a new webhook delivery's upsert moves
-- its subscription's job to now; ON CONFLICT DO UPDATE inserts nothing, so the trigger above does
-- not see it). Claims, leases and retries never move a job earlier, so they wake no one.
CREATE FUNCTION ledger_job_due_again() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs', NEW."task"); RETURN NULL; END $$;
CREATE TRIGGER job_due_again AFTER UPDATE ON "Job"
  FOR EACH ROW
  WHEN (NEW."runAt" < OLD."runAt" OR (OLD."failedAt" IS NOT NULL AND NEW."failedAt" IS NULL))
  EXECUTE FUNCTION ledger_job_due_again();
