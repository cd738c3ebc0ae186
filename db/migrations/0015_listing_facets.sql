CREATE TABLE "listing_facets" (
	"brand_key" text NOT NULL,
	"line_key" text NOT NULL,
	"collection_key" text NOT NULL,
	"categories" jsonb NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "listing_facets_brand_key_line_key_collection_key_categories_pk" PRIMARY KEY("brand_key","line_key","collection_key","categories")
);
--> statement-breakpoint
DROP INDEX "listings_brand_line_idx";--> statement-breakpoint
DROP INDEX "listings_brand_collection_idx";--> statement-breakpoint
ALTER TABLE "listing_facets" ADD CONSTRAINT "listing_facets_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_brand_line_order_idx" ON "listings" USING btree ("brand_key","line_key","modified" DESC NULLS LAST,"key" DESC NULLS LAST,"collection_key","categories");--> statement-breakpoint
CREATE INDEX "listings_brand_collection_order_idx" ON "listings" USING btree ("brand_key","collection_key","modified" DESC NULLS LAST,"key" DESC NULLS LAST,"line_key","categories");--> statement-breakpoint
-- Statement-level triggers with transition tables, as for listing_counts (0009): a bulk import pays
-- one grouped upsert, a single edit a few rows; an update that moves no listing between groups
-- changes nothing (docs/decisions/131).
CREATE FUNCTION listing_facets_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_facets AS f (brand_key, line_key, collection_key, categories, total)
    SELECT brand_key, coalesce(line_key, ''), coalesce(collection_key, ''), categories, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (brand_key, line_key, collection_key, categories) DO UPDATE SET total = f.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_facets_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No insert here: when a brand is deleted its rows go with it.
  UPDATE listing_facets AS f SET total = f.total - d.n
    FROM (
      SELECT brand_key, coalesce(line_key, '') AS line_key, coalesce(collection_key, '') AS collection_key,
        categories, count(*) AS n
      FROM old_rows GROUP BY 1, 2, 3, 4
    ) AS d
    WHERE f.brand_key = d.brand_key AND f.line_key = d.line_key AND f.collection_key = d.collection_key
      AND f.categories = d.categories;
  DELETE FROM listing_facets WHERE total <= 0 AND brand_key IN (SELECT DISTINCT brand_key FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_facets_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old rows leave their group, new rows join theirs; most updates (photos, names, prices) cancel
  -- out and write nothing.
  INSERT INTO listing_facets AS f (brand_key, line_key, collection_key, categories, total)
    SELECT brand_key, line_key, collection_key, categories, sum(n)::int
    FROM (
      SELECT brand_key, coalesce(line_key, '') AS line_key, coalesce(collection_key, '') AS collection_key,
        categories, -1 AS n
      FROM old_rows
      UNION ALL
      SELECT brand_key, coalesce(line_key, ''), coalesce(collection_key, ''), categories, 1 FROM new_rows
    ) AS moved
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (brand_key, line_key, collection_key, categories) DO UPDATE SET total = f.total + excluded.total;
  IF FOUND THEN
    DELETE FROM listing_facets WHERE total <= 0 AND brand_key IN (SELECT DISTINCT brand_key FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_facets_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_facets_after_insert();
--> statement-breakpoint
CREATE TRIGGER listing_facets_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_facets_after_delete();
--> statement-breakpoint
CREATE TRIGGER listing_facets_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_facets_after_update();
--> statement-breakpoint
INSERT INTO listing_facets (brand_key, line_key, collection_key, categories, total)
  SELECT brand_key, coalesce(line_key, ''), coalesce(collection_key, ''), categories, count(*)
  FROM listings GROUP BY 1, 2, 3, 4;
