-- pg_trgm gives the products search a trigram index (docs/decisions/067); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(style_number || ' ' || style_name || ' ' || coalesce(materials, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_brand_order_idx" ON "listings" USING btree ("brand_key","modified" DESC NULLS LAST,"key" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_brand_line_idx" ON "listings" USING btree ("brand_key","line_key");--> statement-breakpoint
CREATE INDEX "listings_brand_collection_idx" ON "listings" USING btree ("brand_key","collection_key");--> statement-breakpoint
CREATE INDEX "listings_brand_style_idx" ON "listings" USING btree ("brand_key","style_key");--> statement-breakpoint
CREATE INDEX "listings_categories_idx" ON "listings" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "listings_search_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);