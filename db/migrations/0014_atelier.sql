CREATE TABLE "graphics" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"style_key" text NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_styles" (
	"material_key" text NOT NULL,
	"style_key" text NOT NULL,
	"brand_key" text NOT NULL,
	CONSTRAINT "material_styles_material_key_style_key_pk" PRIMARY KEY("material_key","style_key")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"use" text DEFAULT '' NOT NULL,
	"colorway" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"front_file_key" text,
	"back_file_key" text,
	"created_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patterns" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"style_key" text NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"asset_type" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digitization" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_material_checks" (
	"style_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"type" text NOT NULL,
	"checked_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "style_material_checks_style_key_type_pk" PRIMARY KEY("style_key","type")
);
--> statement-breakpoint
CREATE TABLE "techpacks" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"style_key" text NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "references_style_idx";--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "type" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "model" text DEFAULT 'Style' NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "model_key" text;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "step" text DEFAULT 'references' NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "path" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "pathname" text;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "asset_type" text;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "references" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "graphics" ADD CONSTRAINT "graphics_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graphics" ADD CONSTRAINT "graphics_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_styles" ADD CONSTRAINT "material_styles_material_key_materials_key_fk" FOREIGN KEY ("material_key") REFERENCES "public"."materials"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_styles" ADD CONSTRAINT "material_styles_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_styles" ADD CONSTRAINT "material_styles_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_front_file_key_files_key_fk" FOREIGN KEY ("front_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_back_file_key_files_key_fk" FOREIGN KEY ("back_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patterns" ADD CONSTRAINT "patterns_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patterns" ADD CONSTRAINT "patterns_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_material_checks" ADD CONSTRAINT "style_material_checks_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_material_checks" ADD CONSTRAINT "style_material_checks_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_material_checks" ADD CONSTRAINT "style_material_checks_checked_by_accounts_key_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "techpacks" ADD CONSTRAINT "techpacks_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "techpacks" ADD CONSTRAINT "techpacks_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graphics_style_idx" ON "graphics" USING btree ("style_key","created");--> statement-breakpoint
CREATE INDEX "material_styles_style_idx" ON "material_styles" USING btree ("style_key");--> statement-breakpoint
CREATE INDEX "materials_brand_idx" ON "materials" USING btree ("brand_key","type","modified");--> statement-breakpoint
CREATE INDEX "patterns_style_idx" ON "patterns" USING btree ("style_key","created");--> statement-breakpoint
CREATE INDEX "techpacks_style_idx" ON "techpacks" USING btree ("style_key","created");--> statement-breakpoint
ALTER TABLE "references" ADD CONSTRAINT "references_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "references" ADD CONSTRAINT "references_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "references_model_idx" ON "references" USING btree ("model","model_key");--> statement-breakpoint
CREATE INDEX "references_style_path_idx" ON "references" USING btree ("style_key","path");--> statement-breakpoint
CREATE INDEX "references_path_gin_idx" ON "references" USING gin ("path");--> statement-breakpoint
CREATE INDEX "references_file_idx" ON "references" USING btree ("file_key") WHERE "references"."file_key" is not null;--> statement-breakpoint
CREATE INDEX "references_style_idx" ON "references" USING btree ("style_key","created");