CREATE TABLE "listing_counts" (
	"brand_key" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_counts" ADD CONSTRAINT "listing_counts_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert or delete adjusts each brand's
-- count once, whatever the number of rows (docs/decisions/079).
CREATE FUNCTION listing_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_counts AS c (brand_key, total)
    SELECT brand_key, count(*) FROM new_rows GROUP BY brand_key ORDER BY brand_key
  ON CONFLICT (brand_key) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No insert here: when a brand is deleted its count row goes with it.
  UPDATE listing_counts AS c SET total = c.total - d.n
    FROM (SELECT brand_key, count(*) AS n FROM old_rows GROUP BY brand_key) AS d
    WHERE c.brand_key = d.brand_key;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listing_counts SET total = total - 1 WHERE brand_key = OLD.brand_key;
  INSERT INTO listing_counts AS c (brand_key, total) VALUES (NEW.brand_key, 1)
  ON CONFLICT (brand_key) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_counts_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER listing_counts_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER listing_counts_move AFTER UPDATE OF brand_key ON listings
  FOR EACH ROW WHEN (OLD.brand_key IS DISTINCT FROM NEW.brand_key) EXECUTE FUNCTION listing_counts_after_move();
--> statement-breakpoint
INSERT INTO listing_counts (brand_key, total) SELECT brand_key, count(*) FROM listings GROUP BY brand_key;
