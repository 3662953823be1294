-- A recalculation from the row its process last saved (lib/ledger/quotes/calculate-now.ts) sends its
-- update, its events and COMMIT in one message, with no lock taken first. Its update names the row's
-- version (`xmin`), so it finds no row if anything changed the quote since; this check then fails
-- the statement, the server skips the rest of the message, and nothing of it commits. The app
-- reads the failure as a conflict and calculates again on the locked path.
CREATE FUNCTION ledger_expect_one_row(saved_rows bigint) RETURNS bigint
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF saved_rows <> 1 THEN
    RAISE EXCEPTION 'the row changed since it was read' USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN saved_rows;
END $$;

GRANT EXECUTE ON FUNCTION ledger_expect_one_row(bigint) TO ledger_tenant;
