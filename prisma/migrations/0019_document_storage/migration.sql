-- A stored document is a PDF whose streams are already compressed (Flate): PostgreSQL's own
-- compression (pglz) ran over every document of about 20 KB, could not shrink it by the quarter it
-- asks for, and stored it as it was (pg_column_compression() said none for every document). With
-- EXTERNAL the content is still kept out of line, in the table's TOAST storage, without the attempt:
-- a document's insert took 0.42–0.63 ms instead of 0.70–0.80 ms (README, "Documents stored without
-- a compression that never shrinks them"). Content already stored is unchanged; the setting applies to
-- content written from now on.
ALTER TABLE "Document" ALTER COLUMN "content" SET STORAGE EXTERNAL;
