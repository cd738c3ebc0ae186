-- Yjs updates are stored uncompressed (decision 140): a document of 10,000 markup shapes reads in
-- about half the time, for about three times the disk. Rows written before keep their compression
-- until they are merged again.
ALTER TABLE "yjs_updates" ALTER COLUMN "update" SET STORAGE EXTERNAL;
