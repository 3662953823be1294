-- A new job wakes only the workers that run its task. The notice on the ledger_jobs channel now
-- names the task (one notice per task and statement: NOTIFY folds identical notices within a
-- transaction anyway), and a worker whose lane has no such task goes back to sleep instead of
-- running a claim that finds nothing: every creation woke the documents and webhooks lanes too.
CREATE OR REPLACE FUNCTION ledger_job_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs', "task") FROM (SELECT DISTINCT "task" FROM added) AS tasks; RETURN NULL; END $$;
DROP TRIGGER job_added ON "Job";
CREATE TRIGGER job_added AFTER INSERT ON "Job"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_job_added();
