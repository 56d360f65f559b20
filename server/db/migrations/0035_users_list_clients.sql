-- The admin users list shows clients only (docs/security.md "Separation of duties": staff are
-- managed on /api/staff), so its kept total `live_users` counts live clients: a user counts
-- while not deleted and of the role `client` (a staff member's role never becomes `client`).
CREATE OR REPLACE FUNCTION list_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.role = 'client';
  is_now boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.role = 'client';
BEGIN
  IF was <> is_now THEN
    PERFORM list_count_add('live_users', CASE WHEN is_now THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER list_count_users ON users;
--> statement-breakpoint
CREATE TRIGGER list_count_users AFTER INSERT OR DELETE OR UPDATE OF deleted_at, role ON users
  FOR EACH ROW EXECUTE FUNCTION list_count_users();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, shard, rows)
  SELECT 'live_users', 0, count(*) FROM users WHERE deleted_at IS NULL AND role = 'client'
  UNION ALL
  SELECT 'pending_reviews', 0, (SELECT count(*) FROM deposits WHERE status = 'pending')
                             + (SELECT count(*) FROM withdrawals WHERE status = 'pending')
  UNION ALL
  SELECT 'audit_log', 0, count(*) FROM audit_log;
$$;
--> statement-breakpoint
SELECT list_counts_recount();
