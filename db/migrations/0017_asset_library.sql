CREATE TABLE "asset_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"bucket_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"parent_key" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"file_key" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"content_type" text,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buckets_brand_idx" UNIQUE("brand_key")
);
--> statement-breakpoint
ALTER TABLE "asset_entries" ADD CONSTRAINT "asset_entries_bucket_key_buckets_key_fk" FOREIGN KEY ("bucket_key") REFERENCES "public"."buckets"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_entries" ADD CONSTRAINT "asset_entries_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_entries" ADD CONSTRAINT "asset_entries_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_entries" ADD CONSTRAINT "asset_entries_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_entries_name_unique_idx" ON "asset_entries" USING btree ("bucket_key","parent_key","name_key");--> statement-breakpoint
CREATE INDEX "asset_entries_by_name_idx" ON "asset_entries" USING btree ("bucket_key","parent_key","kind" DESC NULLS LAST,"name_key","key");--> statement-breakpoint
CREATE INDEX "asset_entries_by_modified_idx" ON "asset_entries" USING btree ("bucket_key","parent_key","kind" DESC NULLS LAST,"modified","key");--> statement-breakpoint
CREATE INDEX "asset_entries_by_size_idx" ON "asset_entries" USING btree ("bucket_key","parent_key","kind" DESC NULLS LAST,"size","key");--> statement-breakpoint
CREATE INDEX "asset_entries_search_idx" ON "asset_entries" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "asset_entries_file_idx" ON "asset_entries" USING btree ("file_key");