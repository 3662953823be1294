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
