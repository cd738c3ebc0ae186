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
CREATE TABLE "style_material_checks" (
	"style_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"type" text NOT NULL,
	"checked_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "style_material_checks_style_key_type_pk" PRIMARY KEY("style_key","type")
);
--> statement-breakpoint
ALTER TABLE "material_styles" ADD CONSTRAINT "material_styles_material_key_materials_key_fk" FOREIGN KEY ("material_key") REFERENCES "public"."materials"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_styles" ADD CONSTRAINT "material_styles_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_styles" ADD CONSTRAINT "material_styles_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_front_file_key_files_key_fk" FOREIGN KEY ("front_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_back_file_key_files_key_fk" FOREIGN KEY ("back_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_accounts_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_material_checks" ADD CONSTRAINT "style_material_checks_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_material_checks" ADD CONSTRAINT "style_material_checks_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_material_checks" ADD CONSTRAINT "style_material_checks_checked_by_accounts_key_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_styles_style_idx" ON "material_styles" USING btree ("style_key");--> statement-breakpoint
CREATE INDEX "materials_brand_idx" ON "materials" USING btree ("brand_key","type","modified");