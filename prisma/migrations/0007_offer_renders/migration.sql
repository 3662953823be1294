-- Offers are rendered by the documents lane, never by the app (spec 4.7 stays synchronous: the
-- request waits for the render). `renderKey` is a fingerprint of what the offer shows (quote state,
-- data, premium, language), so an unchanged quote finds its stored offer without a render.
ALTER TABLE "Document" ADD COLUMN "renderKey" TEXT;
CREATE INDEX "Document_renderKey_idx" ON "Document"("policyId", "renderKey") WHERE "renderKey" IS NOT NULL;
-- The per-tenant cap on queued renders counts a tenant's jobs of one task.
CREATE INDEX "Job_task_tenant_idx" ON "Job"("task", "tenantId");
