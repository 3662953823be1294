-- The ledger's tables, mirroring prisma/schema.prisma (tests/api/schema.test.ts checks they agree).

CREATE TABLE "Tenant" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tag" TEXT NOT NULL UNIQUE,
  "name" TEXT NOT NULL,
  "brandColor" TEXT NOT NULL DEFAULT '#1d4ed8',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE "ApiClient" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "clientId" TEXT NOT NULL UNIQUE,
  "secretHash" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "roles" TEXT[] NOT NULL,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "ApiClient_tenantId_idx" ON "ApiClient"("tenantId");

CREATE TABLE "User" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "email" TEXT NOT NULL UNIQUE,
  "passwordHash" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "roles" TEXT[] NOT NULL,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "User_tenantId_idx" ON "User"("tenantId");

CREATE TABLE "SigningKey" (
  "kid" TEXT NOT NULL PRIMARY KEY,
  "alg" TEXT NOT NULL,
  "publicJwk" JSONB NOT NULL,
  "privateJwk" JSONB NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "retiredAt" TIMESTAMPTZ(3)
);

CREATE TABLE "Policy" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "productCode" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "policyStatus" TEXT,
  "quoteNumber" TEXT NOT NULL,
  "policyNumber" TEXT,
  "data" JSONB NOT NULL,
  "enrichment" JSONB NOT NULL DEFAULT '{}',
  "enrichmentState" TEXT NOT NULL DEFAULT 'pending',
  "calculation" JSONB,
  "calculatedAt" TIMESTAMPTZ(3),
  "paymentPlan" TEXT NOT NULL DEFAULT 'annual',
  "referral" JSONB,
  "decline" JSONB,
  "dateInception" DATE NOT NULL,
  "dateExpiry" DATE NOT NULL,
  "customerName" TEXT NOT NULL DEFAULT '',
  "currentVersion" INTEGER NOT NULL DEFAULT 0,
  "revision" INTEGER NOT NULL DEFAULT 1,
  "renewalOfId" UUID,
  "renewedById" UUID,
  "issuedAt" TIMESTAMPTZ(3),
  "terminatedAt" DATE,
  "createdBy" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "Policy_tenantId_quoteNumber_key" ON "Policy"("tenantId", "quoteNumber");
CREATE UNIQUE INDEX "Policy_tenantId_policyNumber_key" ON "Policy"("tenantId", "policyNumber");
CREATE INDEX "Policy_tenantId_status_createdAt_idx" ON "Policy"("tenantId", "status", "createdAt" DESC);
CREATE INDEX "Policy_tenantId_createdAt_idx" ON "Policy"("tenantId", "createdAt" DESC);
CREATE INDEX "Policy_policyStatus_dateExpiry_idx" ON "Policy"("policyStatus", "dateExpiry");

CREATE TABLE "PolicyVersion" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID NOT NULL REFERENCES "Policy"("id"),
  "version" INTEGER NOT NULL,
  "kind" TEXT NOT NULL,
  "effectiveFrom" DATE NOT NULL,
  "data" JSONB NOT NULL,
  "calculation" JSONB NOT NULL,
  "createdBy" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "PolicyVersion_policyId_version_key" ON "PolicyVersion"("policyId", "version");
CREATE INDEX "PolicyVersion_tenantId_idx" ON "PolicyVersion"("tenantId");

CREATE TABLE "Request" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID,
  "type" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "data" JSONB,
  "error" JSONB,
  "createdBy" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Request_tenantId_policyId_idx" ON "Request"("tenantId", "policyId");

CREATE TABLE "Job" (
  "id" BIGSERIAL PRIMARY KEY,
  "task" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "tenantId" UUID,
  "dedupeKey" TEXT UNIQUE,
  "runAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "maxAttempts" INTEGER NOT NULL DEFAULT 8,
  "lockedBy" TEXT,
  "lockedUntil" TIMESTAMPTZ(3),
  "failedAt" TIMESTAMPTZ(3),
  "lastError" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Job_runAt_id_idx" ON "Job"("runAt", "id");

CREATE TABLE "CronRun" (
  "name" TEXT NOT NULL,
  "slot" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("name", "slot")
);

CREATE TABLE "Event" (
  "id" BIGSERIAL PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID,
  "type" TEXT NOT NULL,
  "actor" TEXT NOT NULL,
  "before" JSONB,
  "after" JSONB,
  "data" JSONB,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Event_tenantId_policyId_id_idx" ON "Event"("tenantId", "policyId", "id" DESC);

CREATE TABLE "Invoice" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID NOT NULL REFERENCES "Policy"("id"),
  "number" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "policyVersion" INTEGER NOT NULL,
  "currency" TEXT NOT NULL,
  "issuedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "journalEntryId" UUID
);
CREATE UNIQUE INDEX "Invoice_tenantId_number_key" ON "Invoice"("tenantId", "number");
CREATE INDEX "Invoice_tenantId_policyId_idx" ON "Invoice"("tenantId", "policyId");

CREATE TABLE "Instalment" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID NOT NULL REFERENCES "Policy"("id"),
  "invoiceId" UUID NOT NULL REFERENCES "Invoice"("id"),
  "sequence" INTEGER NOT NULL,
  "dueDate" DATE NOT NULL,
  "amount" DECIMAL(14, 2) NOT NULL,
  "currency" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'open',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Instalment_tenantId_policyId_idx" ON "Instalment"("tenantId", "policyId");
CREATE INDEX "Instalment_invoiceId_idx" ON "Instalment"("invoiceId");

CREATE TABLE "JournalEntry" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID,
  "kind" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "postedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "JournalEntry_tenantId_policyId_idx" ON "JournalEntry"("tenantId", "policyId");

CREATE TABLE "JournalLine" (
  "id" BIGSERIAL PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "entryId" UUID NOT NULL REFERENCES "JournalEntry"("id"),
  "account" TEXT NOT NULL,
  "debit" DECIMAL(14, 2) NOT NULL DEFAULT 0,
  "credit" DECIMAL(14, 2) NOT NULL DEFAULT 0,
  "currency" TEXT NOT NULL,
  CHECK ("debit" >= 0 AND "credit" >= 0)
);
CREATE INDEX "JournalLine_entryId_idx" ON "JournalLine"("entryId");
CREATE INDEX "JournalLine_tenantId_account_idx" ON "JournalLine"("tenantId", "account");

CREATE TABLE "Sequence" (
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "name" TEXT NOT NULL,
  "value" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("tenantId", "name")
);

CREATE TABLE "Document" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "policyId" UUID NOT NULL REFERENCES "Policy"("id"),
  "type" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "language" TEXT NOT NULL,
  "policyVersion" INTEGER NOT NULL,
  "contentType" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "sha256" TEXT NOT NULL,
  "content" BYTEA NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Document_tenantId_policyId_idx" ON "Document"("tenantId", "policyId");

CREATE TABLE "IdempotencyRecord" (
  "tenantId" UUID NOT NULL REFERENCES "Tenant"("id"),
  "principal" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "requestHash" TEXT NOT NULL,
  "status" INTEGER NOT NULL,
  "body" JSONB,
  "headers" JSONB NOT NULL DEFAULT '{}',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("tenantId", "principal", "key")
);
