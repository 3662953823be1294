-- Renewal runs (issue 16): the daily job invites each policy entering its renewal window once.
-- The primary key on the policy is what makes it once: a second run, or two workers at the same
-- moment, cannot insert a second row (INSERT … ON CONFLICT DO NOTHING), so never a second quote.
-- `outcome` says what the run did: `quoted` (it created `quoteId`), `in-progress` (a renewal
-- quote made by hand already existed: `quoteId` is that one) or `not-renewable` (a single trip).

CREATE TABLE "RenewalInvitation" (
  "policyId" UUID PRIMARY KEY,
  "tenantId" UUID NOT NULL,
  "outcome" TEXT NOT NULL,
  "quoteId" UUID,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "RenewalInvitation_tenantId_idx" ON "RenewalInvitation"("tenantId");

ALTER TABLE "RenewalInvitation" ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "RenewalInvitation" TO ledger_tenant
  USING ("tenantId" = ledger_current_tenant()) WITH CHECK ("tenantId" = ledger_current_tenant());
