-- Accounts and access (issue 13): API clients with a rotation overlap, revocation and last use;
-- users that can be disabled and that set their first password through a one-time link; and the
-- shared table of the throttles (rate-limiter-flexible's PostgreSQL store), so every app process
-- counts failed sign-ins and a tenant's requests in one place.

ALTER TABLE "ApiClient"
  ADD COLUMN "previousSecretHash" TEXT,
  ADD COLUMN "previousSecretUntil" TIMESTAMPTZ(3),
  ADD COLUMN "revokedAt" TIMESTAMPTZ(3),
  ADD COLUMN "lastUsedAt" TIMESTAMPTZ(3),
  ADD COLUMN "createdBy" TEXT NOT NULL DEFAULT 'system';

ALTER TABLE "User"
  ALTER COLUMN "passwordHash" DROP NOT NULL,
  ADD COLUMN "disabledAt" TIMESTAMPTZ(3),
  ADD COLUMN "passwordSetTokenHash" TEXT,
  ADD COLUMN "passwordSetExpiresAt" TIMESTAMPTZ(3),
  ADD COLUMN "createdBy" TEXT NOT NULL DEFAULT 'system';

CREATE UNIQUE INDEX "User_passwordSetTokenHash_key" ON "User" ("passwordSetTokenHash");

-- The layout rate-limiter-flexible creates itself (key, points, expire in epoch ms); made here so
-- the application role needs no CREATE at run time. Not tenant data: keys are hashed or tags.
CREATE TABLE "RateLimit" (
  key VARCHAR(255) PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire BIGINT
);
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit" (expire);
