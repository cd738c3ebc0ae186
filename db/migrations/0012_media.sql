CREATE TABLE "media" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"name" text NOT NULL,
	"file_key" text,
	"path" text,
	"listing_key" text,
	"shot" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"unmatched" text,
	"uploaded_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_listing_key_listings_key_fk" FOREIGN KEY ("listing_key") REFERENCES "public"."listings"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_accounts_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_brand_name_idx" ON "media" USING btree ("brand_key",lower("name"));--> statement-breakpoint
CREATE INDEX "media_listing_idx" ON "media" USING btree ("listing_key","position") WHERE "media"."listing_key" is not null;--> statement-breakpoint
CREATE INDEX "media_brand_created_idx" ON "media" USING btree ("brand_key","created");--> statement-breakpoint
CREATE INDEX "media_file_idx" ON "media" USING btree ("file_key") WHERE "media"."file_key" is not null;