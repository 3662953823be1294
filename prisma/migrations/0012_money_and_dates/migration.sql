-- Termination against the schedule (DOMAIN.md §5). An instalment remembers the invoice or credit
-- note whose change cancelled it, so that reversing that change (a withdrawn termination, an MTA
-- voided by an earlier termination) reopens exactly the instalments it cancelled. A policy with a
-- termination dated in the future keeps its terms in "pendingTermination" until the date.

ALTER TABLE "Instalment" ADD COLUMN "cancelledByInvoiceId" uuid;
CREATE INDEX "Instalment_cancelledByInvoiceId_idx" ON "Instalment" ("cancelledByInvoiceId");

ALTER TABLE "Policy" ADD COLUMN "pendingTermination" jsonb;


-- Versions whose money was reversed (a withdrawn termination, an MTA dated after an earlier
-- termination). Versions are append-only, so the policy keeps the list; they stay on file.
ALTER TABLE "Policy" ADD COLUMN "voidedVersions" integer[] NOT NULL DEFAULT '{}';

-- Local time (DOMAIN.md §1): cover starts and ends at local midnight in the tenant's zone, and
-- every "today" is the tenant's local date. A product may name its own zone in its settings.
ALTER TABLE "Tenant" ADD COLUMN "timeZone" text NOT NULL DEFAULT 'Europe/London';
