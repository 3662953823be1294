-- A document whose render job gave up for good is `failed`, not `pending` for ever: the listing
-- says so, and a download puts the render back in the queue.
ALTER TABLE "Document" DROP CONSTRAINT "Document_status_check";
ALTER TABLE "Document" ADD CONSTRAINT "Document_status_check" CHECK ("status" IN ('pending', 'stored', 'failed'));
ALTER TABLE "Document" DROP CONSTRAINT "Document_content_when_stored";
ALTER TABLE "Document" ADD CONSTRAINT "Document_content_when_stored" CHECK ("status" <> 'stored' OR "content" IS NOT NULL);
