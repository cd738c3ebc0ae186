CREATE TABLE "accounts" (
	"key" text PRIMARY KEY NOT NULL,
	"firebase_uid" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"first" text DEFAULT '' NOT NULL,
	"last" text DEFAULT '' NOT NULL,
	"username" text,
	"title" text,
	"department" text,
	"role" text DEFAULT 'user' NOT NULL,
	"job_type" text DEFAULT 'guest' NOT NULL,
	"contact_number" text,
	"mobile_number" text,
	"employee_number" text,
	"date_format" text DEFAULT 'MM/DD/YYYY' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"mfa" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'onboarding-personal' NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"country" text,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"year_established" text,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"line_key" text,
	"name" text NOT NULL,
	"season" text NOT NULL,
	"year" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"key" text PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"model" text NOT NULL,
	"model_id" text NOT NULL,
	"type" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"listing_unique_id" text NOT NULL,
	"style_key" text,
	"style_name" text NOT NULL,
	"style_number" text NOT NULL,
	"sku" text,
	"upc" text,
	"look_number" integer,
	"size" jsonb DEFAULT '{"number":0}'::jsonb NOT NULL,
	"size_description" text,
	"color" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_key" text,
	"collection_key" text,
	"department" text,
	"units" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"addition" boolean DEFAULT false NOT NULL,
	"materials" text,
	"description" text,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"wholesale_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"key" text PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"brand_key" text,
	"actor_key" text,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"collection_key" text,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_name" text NOT NULL,
	"brand_key" text NOT NULL,
	"update" "bytea" NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_line_key_lines_key_fk" FOREIGN KEY ("line_key") REFERENCES "public"."lines"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_line_key_lines_key_fk" FOREIGN KEY ("line_key") REFERENCES "public"."lines"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_collection_key_collections_key_fk" FOREIGN KEY ("collection_key") REFERENCES "public"."collections"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_key_accounts_key_fk" FOREIGN KEY ("actor_key") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "styles" ADD CONSTRAINT "styles_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "styles" ADD CONSTRAINT "styles_collection_key_collections_key_fk" FOREIGN KEY ("collection_key") REFERENCES "public"."collections"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_updates" ADD CONSTRAINT "yjs_updates_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_firebase_uid_idx" ON "accounts" USING btree ("firebase_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_idx" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_brand_name_idx" ON "categories" USING btree ("brand_key","name");--> statement-breakpoint
CREATE INDEX "collections_brand_idx" ON "collections" USING btree ("brand_key");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_unique_idx" ON "grants" USING btree ("account_key","model","model_id","type");--> statement-breakpoint
CREATE INDEX "grants_brand_idx" ON "grants" USING btree ("brand_key","model","model_id");--> statement-breakpoint
CREATE INDEX "lines_brand_idx" ON "lines" USING btree ("brand_key");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_brand_unique_id_idx" ON "listings" USING btree ("brand_key","listing_unique_id");--> statement-breakpoint
CREATE INDEX "listings_brand_modified_idx" ON "listings" USING btree ("brand_key","modified");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("account_key") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "styles_brand_idx" ON "styles" USING btree ("brand_key");--> statement-breakpoint
CREATE INDEX "yjs_updates_doc_idx" ON "yjs_updates" USING btree ("doc_name","id");