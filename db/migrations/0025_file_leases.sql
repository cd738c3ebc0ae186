CREATE TABLE "scheduled_work" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started" timestamp with time zone NOT NULL,
	"started_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "lease_until" timestamp with time zone;