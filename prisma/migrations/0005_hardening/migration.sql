-- Hardening of the append-only records (the audit log, the journal, policy versions).
-- 0002 refuses UPDATE and DELETE row by row with a trigger; two holes remained:
--   * TRUNCATE fires no row trigger, so a statement-level trigger refuses it too;
--   * the request role ledger_tenant held UPDATE and DELETE on these tables. It loses them here
--     (and lib/db/migrate.ts no longer grants them back), so even with the triggers dropped the
--     application's own role could not rewrite history.

CREATE TRIGGER event_no_truncate BEFORE TRUNCATE ON "Event"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entry_no_truncate BEFORE TRUNCATE ON "JournalEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_line_no_truncate BEFORE TRUNCATE ON "JournalLine"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER policy_version_no_truncate BEFORE TRUNCATE ON "PolicyVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

REVOKE UPDATE, DELETE, TRUNCATE ON "Event", "JournalEntry", "JournalLine", "PolicyVersion" FROM ledger_tenant;
