CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"purpose" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"content_type" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"scan_result" jsonb,
	"original_key" text,
	"thumbnail_key" text,
	"web_key" text,
	"width" integer,
	"height" integer,
	"uploaded_by" text,
	"message_key" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_accounts_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_brand_idx" ON "files" USING btree ("brand_key","purpose","created");--> statement-breakpoint
CREATE INDEX "files_status_idx" ON "files" USING btree ("status");--> statement-breakpoint
CREATE INDEX "files_message_idx" ON "files" USING btree ("message_key") WHERE "files"."message_key" is not null;