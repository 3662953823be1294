-- Speed (issue 12).

-- Documents are listed from the moment their occasion commits: the transaction that issues a
-- policy (binds, adjusts, terminates) files one `pending` row per document it will produce, and the
-- documents lane fills the content in and marks it `stored`. A pending row has no content yet.
ALTER TABLE "Document" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'stored';
ALTER TABLE "Document" ALTER COLUMN "content" DROP NOT NULL;
ALTER TABLE "Document" ADD CONSTRAINT "Document_status_check" CHECK ("status" IN ('pending', 'stored'));
ALTER TABLE "Document" ADD CONSTRAINT "Document_content_when_stored" CHECK ("status" = 'pending' OR "content" IS NOT NULL);

-- Quote numbers come from one PostgreSQL sequence per tenant and year instead of the gapless
-- "Sequence" row, whose lock every concurrent quote creation of a tenant queued on until its
-- transaction committed. nextval() takes no lock that lasts; a rolled-back creation leaves a gap,
-- which quote numbers may have (invoice and policy numbers keep the gapless row).
-- The sequence is created on first use (the year changes); it starts after the number the
-- "Sequence" row reached, so numbers given before this migration are never given again.
-- SECURITY DEFINER: request transactions run as ledger_tenant, which may not create sequences; the
-- function still refuses a tenant other than the transaction's own (the second lock).
CREATE FUNCTION ledger_next_quote_value(tenant uuid, year integer) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  sequence_name text := format('ledger_quote_%s_%s', replace(tenant::text, '-', ''), year);
  start_value bigint;
BEGIN
  IF ledger_current_tenant() IS NOT NULL AND ledger_current_tenant() <> tenant THEN
    RAISE EXCEPTION 'quote numbers of another tenant' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF year < 2000 OR year > 9999 THEN
    RAISE EXCEPTION 'quote number year out of range: %', year USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF to_regclass(sequence_name) IS NULL THEN
    SELECT COALESCE(MAX("value"), 0) + 1 INTO start_value FROM "Sequence"
      WHERE "tenantId" = tenant AND "name" = 'quote:' || year;
    BEGIN
      EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START WITH %s', sequence_name, start_value);
    EXCEPTION WHEN unique_violation OR duplicate_table THEN
      -- Another transaction created it at the same moment: use theirs.
      NULL;
    END;
  END IF;
  RETURN nextval(sequence_name);
END
$$;
REVOKE ALL ON FUNCTION ledger_next_quote_value(uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_next_quote_value(uuid, integer) TO ledger_tenant;
