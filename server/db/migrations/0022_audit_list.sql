DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
-- The audit log's length, kept as rows are added (it refuses UPDATE and DELETE: migration
-- audit_guards), for the unfiltered list's total (docs/performance.md "Admin lists").
CREATE FUNCTION list_count_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_count_add('audit_log', 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_count_audit AFTER INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION list_count_audit();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, shard, rows)
  SELECT 'live_users', 0, count(*) FROM users WHERE deleted_at IS NULL
  UNION ALL
  SELECT 'pending_reviews', 0, (SELECT count(*) FROM deposits WHERE status = 'pending')
                             + (SELECT count(*) FROM withdrawals WHERE status = 'pending')
  UNION ALL
  SELECT 'audit_log', 0, count(*) FROM audit_log;
$$;
--> statement-breakpoint
SELECT list_counts_recount();
