-- The products search ignores accents and case (docs/decisions/179): "cotele" finds "Côtelé".
-- unaccent is a trusted extension (any owner of the database may add it, as pg_trgm). Its function
-- is only STABLE, since its dictionary could change; portal_fold names the dictionary, so it may be
-- declared IMMUTABLE and used by the generated column and its trigram index.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (portal_fold(style_number || ' ' || style_name || ' ' || coalesce(materials, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);
