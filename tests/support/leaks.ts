// Kept apart from endpoints.ts: importing the endpoint registry pulls in the database client.

/** Bodies never hold these: a stack frame, SQL, or the ORM's name. */
export const INTERNAL_DETAIL =
  /\bat [\w$.<>]+ \(|node_modules|\.ts:\d+|\bprisma\b|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE "|\bsyntax error at\b|\bduplicate key\b|\brelation "|\bviolates\b/i;
