-- Each worker process writes a heartbeat here every few seconds, so that any app process can
-- report in its metrics which workers are alive (lib/metrics/database-gauges.ts).
CREATE TABLE "WorkerHeartbeat" (
  "worker" TEXT PRIMARY KEY,
  "lane" TEXT NOT NULL,
  "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "seenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
