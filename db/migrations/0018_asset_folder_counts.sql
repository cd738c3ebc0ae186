CREATE TABLE "asset_folder_counts" (
	"bucket_key" text NOT NULL,
	"parent_key" text NOT NULL,
	"kind" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "asset_folder_counts_bucket_key_parent_key_kind_pk" PRIMARY KEY("bucket_key","parent_key","kind")
);
--> statement-breakpoint
ALTER TABLE "asset_folder_counts" ADD CONSTRAINT "asset_folder_counts_bucket_key_buckets_key_fk" FOREIGN KEY ("bucket_key") REFERENCES "public"."buckets"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers with transition tables, as for listing_facets (0015): a folder removed
-- with 10,000 entries below it pays one grouped update; a rename moves nothing and writes nothing.
CREATE FUNCTION asset_folder_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_folder_counts AS c (bucket_key, parent_key, kind, total)
    SELECT bucket_key, parent_key, kind, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (bucket_key, parent_key, kind) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION asset_folder_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_folder_counts AS c SET total = c.total - d.n
    FROM (SELECT bucket_key, parent_key, kind, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) AS d
    WHERE c.bucket_key = d.bucket_key AND c.parent_key = d.parent_key AND c.kind = d.kind;
  -- The counts of the folders that went, and of folders now empty.
  DELETE FROM asset_folder_counts AS c
    WHERE c.bucket_key IN (SELECT DISTINCT bucket_key FROM old_rows)
      AND (c.total <= 0 OR c.parent_key IN (SELECT key FROM old_rows WHERE kind = 'folder'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION asset_folder_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old rows leave their folder, new rows join theirs; a rename in place cancels out.
  INSERT INTO asset_folder_counts AS c (bucket_key, parent_key, kind, total)
    SELECT bucket_key, parent_key, kind, sum(n)::int
    FROM (
      SELECT bucket_key, parent_key, kind, -1 AS n FROM old_rows
      UNION ALL
      SELECT bucket_key, parent_key, kind, 1 FROM new_rows
    ) AS moved
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (bucket_key, parent_key, kind) DO UPDATE SET total = c.total + excluded.total;
  IF FOUND THEN
    DELETE FROM asset_folder_counts WHERE total <= 0 AND bucket_key IN (SELECT DISTINCT bucket_key FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_folder_counts_insert AFTER INSERT ON asset_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_folder_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER asset_folder_counts_delete AFTER DELETE ON asset_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_folder_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER asset_folder_counts_update AFTER UPDATE ON asset_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_folder_counts_after_update();
--> statement-breakpoint
INSERT INTO asset_folder_counts (bucket_key, parent_key, kind, total)
  SELECT bucket_key, parent_key, kind, count(*) FROM asset_entries GROUP BY 1, 2, 3;
