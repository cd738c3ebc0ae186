ALTER TABLE "brands" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "archived_by" text;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_archived_by_accounts_key_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;