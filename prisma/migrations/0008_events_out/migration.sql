-- Events out (webhooks and the event feed). Every public event is a row of "OutboundEvent",
-- written in the transaction of the state change it reports (lib/events-out/emit.ts); each
-- enabled subscription that takes its type gets a "WebhookDelivery" row in that same
-- transaction, and every HTTP attempt of a delivery is kept in "WebhookAttempt".

CREATE TABLE "WebhookSubscription" (
  "id" UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenantId" UUID NOT NULL,
  "url" TEXT NOT NULL,
  "description" TEXT,
  "eventTypes" TEXT[] NOT NULL,
  "secret" TEXT NOT NULL,
  -- After a rotation the old secret signs too, for a grace period, so receivers can switch over.
  "previousSecret" TEXT,
  "previousSecretUntil" TIMESTAMPTZ(3),
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "disabledReason" TEXT,
  "failingSince" TIMESTAMPTZ(3),
  "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
  "createdBy" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "WebhookSubscription_tenantId_idx" ON "WebhookSubscription"("tenantId");

CREATE TABLE "OutboundEvent" (
  "id" UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenantId" UUID NOT NULL,
  "type" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- The feed position: assigned at commit, in commit order per tenant (see the trigger below).
  "position" BIGINT UNIQUE
);
CREATE INDEX "OutboundEvent_tenantId_position_idx" ON "OutboundEvent"("tenantId", "position");

CREATE TABLE "WebhookDelivery" (
  "id" UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenantId" UUID NOT NULL,
  "subscriptionId" UUID NOT NULL REFERENCES "WebhookSubscription"("id") ON DELETE CASCADE,
  "eventId" UUID NOT NULL REFERENCES "OutboundEvent"("id"),
  -- pending (waiting for its next attempt), delivered, or failed (gave up / subscription disabled).
  "status" TEXT NOT NULL DEFAULT 'pending',
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- Retries give up a day after this (the first send, or the last redeliver).
  "retryFrom" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "lastAttemptAt" TIMESTAMPTZ(3),
  "lastStatusCode" INTEGER,
  "lastError" TEXT,
  "deliveredAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE ("subscriptionId", "eventId")
);
CREATE INDEX "WebhookDelivery_tenantId_createdAt_idx" ON "WebhookDelivery"("tenantId", "createdAt" DESC);
CREATE INDEX "WebhookDelivery_due_idx" ON "WebhookDelivery"("subscriptionId", "nextAttemptAt") WHERE "status" = 'pending';

CREATE TABLE "WebhookAttempt" (
  "id" BIGSERIAL PRIMARY KEY,
  "tenantId" UUID NOT NULL,
  "deliveryId" UUID NOT NULL REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE,
  "attempt" INTEGER NOT NULL,
  "startedAt" TIMESTAMPTZ(3) NOT NULL,
  "durationMs" INTEGER NOT NULL,
  "statusCode" INTEGER,
  "error" TEXT,
  "responseExcerpt" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "WebhookAttempt_deliveryId_idx" ON "WebhookAttempt"("deliveryId");

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['WebhookSubscription', 'OutboundEvent', 'WebhookDelivery', 'WebhookAttempt']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO ledger_tenant USING ("tenantId" = ledger_current_tenant()) WITH CHECK ("tenantId" = ledger_current_tenant())',
      t);
  END LOOP;
END
$$;

-- Commit order for the feed. An id or sequence taken at INSERT is not commit order: a transaction
-- that inserted earlier may commit later, and a reader that already moved past the later id would
-- skip it. So the position is assigned by a deferred trigger, which runs at COMMIT, under a
-- per-tenant transaction lock that is released only once the commit is visible: positions of one
-- tenant are handed out strictly in commit order, and a row never appears behind a position a
-- reader has already seen. The serialized step is the commit itself (milliseconds), and only
-- among one tenant's event-writing transactions. It also wakes the feed's long polls.
CREATE SEQUENCE "OutboundEvent_position_seq";

CREATE FUNCTION ledger_outbound_event_position() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(NEW."tenantId"::text));
  UPDATE "OutboundEvent" SET "position" = nextval('"OutboundEvent_position_seq"') WHERE "id" = NEW."id";
  PERFORM pg_notify('ledger_changes', 'events:' || NEW."tenantId"::text);
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER outbound_event_position AFTER INSERT ON "OutboundEvent"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_outbound_event_position();

-- A new delivery wakes its subscription's delivery job (lib/events-out/kick.ts), at COMMIT too: the
-- row lock this takes on the job row is then held only for the commit, after every other lock of
-- the transaction, and under the same per-tenant lock as above, so two transactions adding
-- deliveries can never wait for each other's job rows in opposite orders (a deadlock).
CREATE FUNCTION ledger_webhook_delivery_kick() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(NEW."tenantId"::text));
  INSERT INTO "Job" ("task", "payload", "tenantId", "dedupeKey", "runAt", "maxAttempts")
  VALUES ('deliver-webhooks', jsonb_build_object('subscriptionId', NEW."subscriptionId"::text), NEW."tenantId",
    'webhooks:' || NEW."subscriptionId"::text, now(), 1000)
  ON CONFLICT ("dedupeKey") DO UPDATE SET "runAt" = LEAST("Job"."runAt", EXCLUDED."runAt"), "failedAt" = NULL, "attempts" = 0
  WHERE "Job"."lockedUntil" IS NULL OR "Job"."lockedUntil" < now();
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER webhook_delivery_kick AFTER INSERT ON "WebhookDelivery"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_webhook_delivery_kick();
