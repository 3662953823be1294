-- Speed (issue 12).

-- Documents are listed from the moment their occasion commits: the transaction that issues a
-- policy (binds, adjusts, terminates) files one `pending` row per document it will produce, and the
-- documents lane fills the content in and marks it `stored`. A pending row has no content yet.
ALTER TABLE "Document" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'stored';
ALTER TABLE "Document" ALTER COLUMN "content" DROP NOT NULL;
ALTER TABLE "Document" ADD CONSTRAINT "Document_status_check" CHECK ("status" IN ('pending', 'stored'));
ALTER TABLE "Document" ADD CONSTRAINT "Document_content_when_stored" CHECK ("status" = 'pending' OR "content" IS NOT NULL);
