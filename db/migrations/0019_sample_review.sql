CREATE TABLE "sample_status_changes" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"reference_key" text NOT NULL,
	"account_key" text,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "sample_status" text;--> statement-breakpoint
ALTER TABLE "sample_status_changes" ADD CONSTRAINT "sample_status_changes_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_status_changes" ADD CONSTRAINT "sample_status_changes_reference_key_references_key_fk" FOREIGN KEY ("reference_key") REFERENCES "public"."references"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_status_changes" ADD CONSTRAINT "sample_status_changes_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_status_changes_reference_idx" ON "sample_status_changes" USING btree ("reference_key","created");