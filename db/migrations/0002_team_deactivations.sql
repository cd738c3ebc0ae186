CREATE TABLE "brand_deactivations" (
	"brand_key" text NOT NULL,
	"account_key" text NOT NULL,
	"deactivated_by" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_deactivations" ADD CONSTRAINT "brand_deactivations_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_deactivations" ADD CONSTRAINT "brand_deactivations_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_deactivations" ADD CONSTRAINT "brand_deactivations_deactivated_by_accounts_key_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."accounts"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_deactivations_idx" ON "brand_deactivations" USING btree ("brand_key","account_key");