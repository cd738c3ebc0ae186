-- Rows stored so far are in Yjs's update format 1; rows written from now on are in format 2.
ALTER TABLE "yjs_updates" ADD COLUMN "format" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "yjs_updates" ALTER COLUMN "format" SET DEFAULT 2;
