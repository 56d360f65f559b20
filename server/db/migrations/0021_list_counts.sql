CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"shard" smallint NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "list_counts_list_shard_pk" PRIMARY KEY("list","shard")
);
--> statement-breakpoint
DROP INDEX "deposits_pending_idx";--> statement-breakpoint
DROP INDEX "withdrawals_pending_idx";--> statement-breakpoint
CREATE INDEX "deposits_review_queue_idx" ON "deposits" USING btree ("created_at","id") WHERE "deposits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "withdrawals_review_queue_idx" ON "withdrawals" USING btree ("created_at","id") WHERE "withdrawals"."status" = 'pending';--> statement-breakpoint
-- The unfiltered totals of the admin users list and the review queue, kept as rows change
-- (docs/performance.md "Admin lists"). A transaction adds to the shard of its own connection
-- (pg_backend_pid() % 16): one connection runs one transaction at a time, so writers queue on a
-- shard only when two of them share it, never all on one row. A list's count is the sum of its
-- shards; a shard alone may be negative.
CREATE FUNCTION list_count_add(which text, change int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_counts AS c (list, shard, rows) VALUES (which, pg_backend_pid() % 16, change)
  ON CONFLICT (list, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
$$;
--> statement-breakpoint
-- Users who are not deleted.
CREATE FUNCTION list_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  is_now boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
BEGIN
  IF was <> is_now THEN
    PERFORM list_count_add('live_users', CASE WHEN is_now THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_count_users AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION list_count_users();
--> statement-breakpoint
-- Deposits and withdrawals waiting for review (a pending withdrawal is never deleted: only a
-- declined one may be).
CREATE FUNCTION list_count_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'pending';
  is_now boolean := TG_OP <> 'DELETE' AND NEW.status = 'pending';
BEGIN
  IF was <> is_now THEN
    PERFORM list_count_add('pending_reviews', CASE WHEN is_now THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_count_deposits AFTER INSERT OR DELETE OR UPDATE OF status ON deposits
  FOR EACH ROW EXECUTE FUNCTION list_count_reviews();
--> statement-breakpoint
CREATE TRIGGER list_count_withdrawals AFTER INSERT OR DELETE OR UPDATE OF status ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION list_count_reviews();
--> statement-breakpoint
-- Recounts every list from its rows (after the migration, and after rows were written with the
-- triggers off, as the bench's seeding does).
CREATE FUNCTION list_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, shard, rows)
  SELECT 'live_users', 0, count(*) FROM users WHERE deleted_at IS NULL
  UNION ALL
  SELECT 'pending_reviews', 0, (SELECT count(*) FROM deposits WHERE status = 'pending')
                             + (SELECT count(*) FROM withdrawals WHERE status = 'pending');
$$;
--> statement-breakpoint
SELECT list_counts_recount();
