-- An MTA dated before a later one re-applies the later one as a new version (versions are
-- append-only); the new version names the one it replays, so the history can say so.
ALTER TABLE "PolicyVersion" ADD COLUMN "replaysVersion" INTEGER;
ALTER TABLE "PolicyVersion" ADD CONSTRAINT "PolicyVersion_replays_earlier" CHECK ("replaysVersion" IS NULL OR "replaysVersion" < "version");
