CREATE TABLE "history_line_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lines" bigint NOT NULL,
	CONSTRAINT "history_line_counts_not_negative" CHECK ("history_line_counts"."lines" >= 0)
);
--> statement-breakpoint
CREATE TABLE "journal_entry_effects" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "deposits_user_id_idx";--> statement-breakpoint
DROP INDEX "withdrawals_user_id_idx";--> statement-breakpoint
ALTER TABLE "history_line_counts" ADD CONSTRAINT "history_line_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_history_idx" ON "deposits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "journal_entries_user_history_idx" ON "journal_entries" USING btree ("user_id","effective_at","created_at","id") WHERE "journal_entries"."deposit_id" is null and "journal_entries"."withdrawal_id" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_user_history_idx" ON "withdrawals" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- The client's history reads only the page it shows (docs/performance.md "A history that reads
-- only its page"): each entry's effect on its client's balance is kept in journal_entry_effects as
-- its lines are posted, instead of summed for every entry on every read, and each client's number of
-- history lines in history_line_counts, so the page count needs no count of the history.
-- Each posted line of a client account moves its cached balance, its total for the entry's kind (as
-- in migration ledger_account_totals) and, when it is a line of an entry that no deposit or
-- withdrawal posted on that entry's client's available balance (or invested capital, for a
-- profit), that entry's effect.
CREATE OR REPLACE FUNCTION journal_line_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_user uuid;
  account_kind text;
  entry_kind text;
  posted_type text;
  entry_user uuid;
  from_request boolean;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND user_id IS NOT NULL
  RETURNING user_id, kind INTO account_user, account_kind;
  IF FOUND THEN
    SELECT coalesce(o.type, e.type), e.type, e.user_id, e.deposit_id IS NOT NULL OR e.withdrawal_id IS NOT NULL
      INTO entry_kind, posted_type, entry_user, from_request
      FROM journal_entries e LEFT JOIN journal_entries o ON o.id = e.reverses
     WHERE e.id = NEW.entry_id;
    INSERT INTO ledger_account_totals AS t (account_id, entry_type, total)
    VALUES (NEW.account_id, entry_kind, NEW.amount)
    ON CONFLICT (account_id, entry_type) DO UPDATE SET total = t.total + EXCLUDED.total;
    IF account_user = entry_user AND NOT from_request
       AND (account_kind = 'available' OR (posted_type = 'profit' AND account_kind = 'invested')) THEN
      INSERT INTO journal_entry_effects AS f (entry_id, delta)
      VALUES (NEW.entry_id, NEW.amount)
      ON CONFLICT (entry_id) DO UPDATE SET delta = f.delta + EXCLUDED.delta;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Recomputes every entry's effect and every client's line count from the ledger and the requests:
-- here, once, and after rows were written with the triggers off (as the bench's seeding does; with
-- the guards below on, only a session with triggers off may run it).
CREATE FUNCTION history_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM journal_entry_effects;
  INSERT INTO "journal_entry_effects" ("entry_id", "delta")
  SELECT e.id, sum(l.amount)
    FROM journal_entries e
    JOIN journal_lines l ON l.entry_id = e.id
    JOIN ledger_accounts a ON a.id = l.account_id AND a.user_id = e.user_id
   WHERE e.deposit_id IS NULL AND e.withdrawal_id IS NULL
     AND (a.kind = 'available' OR (e.type = 'profit' AND a.kind = 'invested'))
   GROUP BY e.id;
  DELETE FROM history_line_counts;
  INSERT INTO "history_line_counts" ("user_id", "lines")
  SELECT user_id, count(*)
    FROM (SELECT user_id FROM deposits
          UNION ALL SELECT user_id FROM withdrawals WHERE deleted_at IS NULL
          UNION ALL SELECT e.user_id FROM journal_entries e JOIN journal_entry_effects x ON x.entry_id = e.id
                     WHERE x.delta <> 0) h
   GROUP BY user_id;
$$;
--> statement-breakpoint
SELECT history_recount();
--> statement-breakpoint
-- Adds `change` (+1 or -1) lines to the history count of `client` (a count goes down only from a
-- row that exists: an INSERT of a negative count would fail its CHECK before meeting the row).
CREATE FUNCTION history_count_add(client uuid, change int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF change < 0 THEN
    UPDATE history_line_counts SET lines = lines + change WHERE user_id = client;
  ELSE
    INSERT INTO history_line_counts AS c (user_id, lines) VALUES (client, change)
    ON CONFLICT (user_id) DO UPDATE SET lines = c.lines + EXCLUDED.lines;
  END IF;
END;
$$;
--> statement-breakpoint
-- The counts move at commit (deferred): by then an entry's effect is final, and a request that
-- writes a withdrawal before posting its hold takes the client's count row after the balance row,
-- in the same order as a posting does, so the two cannot deadlock.
CREATE FUNCTION history_count_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND NEW.deposit_id IS NULL AND NEW.withdrawal_id IS NULL
     AND EXISTS (SELECT 1 FROM journal_entry_effects WHERE entry_id = NEW.id AND delta <> 0) THEN
    PERFORM history_count_add(NEW.user_id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER history_count_entry AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_count_entry();
--> statement-breakpoint
-- A deposit is a history line while it exists; a withdrawal while it is not deleted.
CREATE FUNCTION history_count_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM history_count_add(NEW.user_id, 1);
  ELSE
    PERFORM history_count_add(OLD.user_id, -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION history_count_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  is_now boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
BEGIN
  IF was AND NOT is_now THEN
    PERFORM history_count_add(OLD.user_id, -1);
  ELSIF is_now AND NOT was THEN
    PERFORM history_count_add(NEW.user_id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER history_count_deposit AFTER INSERT OR DELETE ON deposits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_count_deposit();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER history_count_withdrawal AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON withdrawals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_count_withdrawal();
--> statement-breakpoint
-- The effects and counts are written by the triggers above only: any other write, and every
-- delete, is refused (as for cached balances and totals).
CREATE FUNCTION history_derived_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% change only through the history''s triggers', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entry_effects_guard BEFORE INSERT OR UPDATE OR DELETE ON journal_entry_effects
  FOR EACH ROW EXECUTE FUNCTION history_derived_guard();
--> statement-breakpoint
CREATE TRIGGER history_line_counts_guard BEFORE INSERT OR UPDATE OR DELETE ON history_line_counts
  FOR EACH ROW EXECUTE FUNCTION history_derived_guard();
--> statement-breakpoint
CREATE TRIGGER journal_entry_effects_no_truncate BEFORE TRUNCATE ON journal_entry_effects
  FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
CREATE TRIGGER history_line_counts_no_truncate BEFORE TRUNCATE ON history_line_counts
  FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
-- The history, one view per source (each simple enough for the planner to read it in index order
-- and stop after a page), and transaction_history as their union, with the same columns as before.
CREATE VIEW history_deposit_lines AS
SELECT d.id, d.user_id, 'deposit'::text AS type, d.status, d.amount, 'credit'::text AS direction,
       d.wallet AS method, coalesce(d.decision_reason, '') AS details, d.created_at AS date, d.created_at,
       -- voided: a scalar subquery, read for the lines shown only (an EXISTS in these views is
       -- planned as a hash of every reversal, read in full on every page)
       coalesce((SELECT true FROM journal_entries e JOIN journal_entries r ON r.reverses = e.id
                  WHERE e.deposit_id = d.id LIMIT 1), false) AS voided,
       'deposit'::text AS source
  FROM deposits d;
--> statement-breakpoint
CREATE VIEW history_withdrawal_lines AS
SELECT w.id, w.user_id, 'withdrawal'::text AS type, w.status, w.amount, 'debit'::text AS direction,
       coalesce(w.wallet, 'bank') AS method, coalesce(w.decision_reason, '') AS details,
       w.created_at AS date, w.created_at, false AS voided, 'withdrawal'::text AS source
  FROM withdrawals w
 WHERE w.deleted_at IS NULL;
--> statement-breakpoint
CREATE VIEW history_entry_lines AS
SELECT e.id, e.user_id, CASE e.type WHEN 'withdrawal_settle' THEN 'withdrawal' ELSE e.type END AS type,
       'approved'::text AS status, abs(x.delta) AS amount,
       CASE WHEN x.delta < 0 THEN 'debit' ELSE 'credit' END AS direction, 'account'::text AS method,
       e.memo AS details, e.effective_at AS date, e.created_at,
       coalesce((SELECT true FROM journal_entries r WHERE r.reverses = e.id), false) AS voided,
       'entry'::text AS source
  FROM journal_entries e
  JOIN journal_entry_effects x ON x.entry_id = e.id
 WHERE e.deposit_id IS NULL AND e.withdrawal_id IS NULL AND x.delta <> 0;
--> statement-breakpoint
CREATE OR REPLACE VIEW transaction_history AS
SELECT * FROM history_deposit_lines
UNION ALL SELECT * FROM history_withdrawal_lines
UNION ALL SELECT * FROM history_entry_lines;
