-- A request's answer travels with the notice of its settling: a long poll waiting on it answers
-- from the notice instead of reading the row again (lib/ledger/requests/get-request.ts), one
-- round trip to PostgreSQL fewer between the commit and the client, which on a busy host is a
-- wait for a connection and for a core. The notice is "settled:request:<id>", a space, and the
-- request as GET /requests/{id} shows it, built here from the row as this statement wrote it, so
-- every way of settling a request sends it. One whose answer would not fit a notice (8,000 bytes)
-- is sent without it, and its waiter reads the row as before.
--
-- Processes of the earlier release wait for "request:<id>", which the code still sends after
-- this, and ignore this key.
CREATE FUNCTION ledger_request_settled() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  answer TEXT := json_build_object(
    'requestId', NEW."id",
    'type', NEW."type",
    'status', NEW."status",
    'data', NEW."data",
    'error', NEW."error",
    'createdAt', to_char(NEW."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  settled TEXT := 'settled:request:' || NEW."id"::text;
BEGIN
  PERFORM pg_notify('ledger_changes', CASE WHEN octet_length(answer) <= 7000 THEN settled || ' ' || answer ELSE settled END);
  RETURN NULL;
END
$$;

CREATE TRIGGER request_settled AFTER UPDATE OF "status" ON "Request"
  FOR EACH ROW WHEN (OLD."status" = 'pending' AND NEW."status" <> 'pending')
  EXECUTE FUNCTION ledger_request_settled();
