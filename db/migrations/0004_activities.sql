CREATE TABLE "activities" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"account_key" text NOT NULL,
	"action" text NOT NULL,
	"model" text NOT NULL,
	"model_key" text NOT NULL,
	"asset_type" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "references" (
	"key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"style_key" text,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "references" ADD CONSTRAINT "references_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "references" ADD CONSTRAINT "references_style_key_styles_key_fk" FOREIGN KEY ("style_key") REFERENCES "public"."styles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_brand_created_idx" ON "activities" USING btree ("brand_key","created");--> statement-breakpoint
CREATE INDEX "activities_object_idx" ON "activities" USING btree ("model","model_key");--> statement-breakpoint
CREATE INDEX "references_brand_idx" ON "references" USING btree ("brand_key");--> statement-breakpoint
CREATE INDEX "references_style_idx" ON "references" USING btree ("style_key");