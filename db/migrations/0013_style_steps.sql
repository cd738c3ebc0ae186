ALTER TABLE "styles" ADD COLUMN "status_techpack" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "status_patterns" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "status_materials" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "status_graphics" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "status_references" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "status_final" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;