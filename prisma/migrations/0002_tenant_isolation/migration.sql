-- Row-level security: the second lock behind every query's tenant `where`.
-- Request transactions run as role ledger_tenant with app.tenant_id set (lib/db/tenant.ts);
-- the policies below let that role see and write only its tenant's rows. The connection's
-- own role (table owner) keeps system access for the worker's cross-tenant work.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ledger_tenant') THEN
    CREATE ROLE ledger_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;

DO $$
BEGIN
  -- A non-superuser owner must be a member to switch to the role per transaction.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT ledger_tenant TO %I', current_user);
  END IF;
END
$$;

CREATE FUNCTION ledger_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ApiClient', 'User', 'Policy', 'PolicyVersion', 'Request', 'Event',
    'Invoice', 'Instalment', 'JournalEntry', 'JournalLine', 'Sequence', 'Document', 'IdempotencyRecord']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO ledger_tenant USING ("tenantId" = ledger_current_tenant()) WITH CHECK ("tenantId" = ledger_current_tenant())',
      t);
  END LOOP;
END
$$;

-- The audit log and the journal are append-only, whoever connects.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege'; END $$;

CREATE TRIGGER event_append_only BEFORE UPDATE OR DELETE ON "Event"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entry_append_only BEFORE UPDATE OR DELETE ON "JournalEntry"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_line_append_only BEFORE UPDATE OR DELETE ON "JournalLine"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER policy_version_append_only BEFORE UPDATE OR DELETE ON "PolicyVersion"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- New jobs wake the workers at commit (NOTIFY is delivered only on commit).
CREATE FUNCTION ledger_job_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('ledger_jobs', ''); RETURN NULL; END $$;
CREATE TRIGGER job_added AFTER INSERT ON "Job"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_job_added();
