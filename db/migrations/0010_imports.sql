CREATE TABLE "import_mappings" (
	"brand_key" text NOT NULL,
	"header_key" text NOT NULL,
	"field" text,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_brand_key_header_key_pk" PRIMARY KEY("brand_key","header_key")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"row_number" integer NOT NULL,
	"listing_unique_id" text DEFAULT '' NOT NULL,
	"norm_id" text DEFAULT '' NOT NULL,
	"cells" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edits" jsonb,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"action" text DEFAULT 'error' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"listing_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"prior" jsonb,
	CONSTRAINT "import_rows_import_key_row_number_pk" PRIMARY KEY("import_key","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"line_key" text,
	"collection_key" text,
	"filename" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"uploaded_by" text,
	"status" text DEFAULT 'parsing' NOT NULL,
	"addition" boolean DEFAULT false NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unmatched_headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"format" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{"rows":0,"create":0,"update":0,"unchanged":0,"errors":0,"warnings":0,"created":0,"updated":0,"failed":0}'::jsonb NOT NULL,
	"progress" jsonb DEFAULT '{"rowsParsed":0,"rowsWritten":0}'::jsonb NOT NULL,
	"listings_stamp" text,
	"error" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_key_imports_key_fk" FOREIGN KEY ("import_key") REFERENCES "public"."imports"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_line_key_lines_key_fk" FOREIGN KEY ("line_key") REFERENCES "public"."lines"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_collection_key_collections_key_fk" FOREIGN KEY ("collection_key") REFERENCES "public"."collections"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_uploaded_by_accounts_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_brand_created_idx" ON "imports" USING btree ("brand_key","created" DESC NULLS LAST,"key" DESC NULLS LAST);