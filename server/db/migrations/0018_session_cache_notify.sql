-- Each API process caches sessions with their user for a few seconds (server/modules/auth/session-cache.ts;
-- docs/performance.md "Session cache"). These triggers tell every process when to forget them:
-- after any change that could revoke a session or change what the guard reads, whatever code sends it
-- (ours or better-auth's), pg_notify('auth_changed', <user id>). NOTIFY is delivered at commit,
-- so a rolled-back change notifies nothing; the same user twice in one transaction is sent once.
CREATE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('auth_changed', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('auth_changed', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- a user blocked, deactivated, erased, edited, a password or a role changed
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
-- a session signed out or revoked, or changed in any column but the two the guard itself moves
-- (last_used_at, updated_at): the guard's own touch every few minutes notifies nobody
CREATE TRIGGER sessions_auth_changed_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed_update AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_used_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at' - 'updated_at'))
  EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
-- '*': forget every cached session
CREATE TRIGGER users_auth_changed_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
