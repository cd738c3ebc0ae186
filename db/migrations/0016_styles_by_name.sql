DROP INDEX "listings_brand_modified_idx";--> statement-breakpoint
DROP INDEX "styles_brand_idx";--> statement-breakpoint
CREATE INDEX "styles_brand_name_idx" ON "styles" USING btree ("brand_key","name","key");