ALTER TABLE "references" ADD COLUMN "sample_series" text;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "sample_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "references_sample_series_idx" ON "references" USING btree ("sample_series","sample_version") WHERE "references"."sample_series" is not null;