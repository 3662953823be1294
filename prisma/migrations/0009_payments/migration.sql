-- Money in and out (payments, refunds, arrears). A "Payment" row is money received, a refund paid
-- out, or the reversal of a payment (a new row, never an update of the one it reverses); each
-- points at its balanced journal entry. An "Allocation" row moves money onto (positive) or off
-- (negative) one instalment; what an instalment has been paid is the sum of its allocations.

CREATE TABLE "Payment" (
  "id" UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenantId" UUID NOT NULL,
  "policyId" UUID NOT NULL,
  -- payment (received), refund (paid out), reversal (of a payment).
  "kind" TEXT NOT NULL,
  "amount" DECIMAL(14, 2) NOT NULL,
  "currency" TEXT NOT NULL,
  "receivedOn" DATE NOT NULL,
  "method" TEXT NOT NULL,
  "reference" TEXT,
  -- A payment is reversed at most once: the unique index refuses a second reversal row.
  "reversesId" UUID UNIQUE REFERENCES "Payment"("id"),
  "journalEntryId" UUID NOT NULL,
  "createdBy" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Payment_tenantId_policyId_idx" ON "Payment"("tenantId", "policyId");

CREATE TABLE "Allocation" (
  "id" BIGSERIAL PRIMARY KEY,
  "tenantId" UUID NOT NULL,
  "policyId" UUID NOT NULL,
  "instalmentId" UUID NOT NULL,
  -- The payment whose money this was, when it came straight from one (null: from credit).
  "paymentId" UUID REFERENCES "Payment"("id"),
  "journalEntryId" UUID NOT NULL,
  "amount" DECIMAL(14, 2) NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "Allocation_tenantId_policyId_idx" ON "Allocation"("tenantId", "policyId");
CREATE INDEX "Allocation_instalmentId_idx" ON "Allocation"("instalmentId");

-- When the daily arrears job reported the instalment overdue (once per instalment).
ALTER TABLE "Instalment" ADD COLUMN "overdueNotifiedAt" TIMESTAMPTZ(3);
CREATE INDEX "Instalment_open_due_idx" ON "Instalment"("dueDate") WHERE "status" = 'open';

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Payment', 'Allocation']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO ledger_tenant USING ("tenantId" = ledger_current_tenant()) WITH CHECK ("tenantId" = ledger_current_tenant())',
      t);
  END LOOP;
END
$$;
