-- What PostgreSQL does on every posting, made cheaper without changing what it checks or keeps
-- (docs/performance.md "PostgreSQL's part of an approval").
--
-- 1. The indexes of journal_entries' optional links (the request, plan, trading activity or entry
--    it reverses) hold only the entries that have the link: every lookup is by a value (a link
--    equal to some id), which a partial index WHERE ... IS NOT NULL serves, and a posting no
--    longer adds a NULL key to four or five indexes. The unique index on `reverses` still refuses
--    a second reversal of the same entry (NULLs were never compared).
DROP INDEX "journal_entries_deposit_id_idx";--> statement-breakpoint
DROP INDEX "journal_entries_withdrawal_id_idx";--> statement-breakpoint
DROP INDEX "journal_entries_plan_id_idx";--> statement-breakpoint
DROP INDEX "journal_entries_trading_activity_id_idx";--> statement-breakpoint
DROP INDEX "journal_entries_reverses_idx";--> statement-breakpoint
CREATE INDEX "journal_entries_deposit_id_idx" ON "journal_entries" USING btree ("deposit_id") WHERE "journal_entries"."deposit_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_withdrawal_id_idx" ON "journal_entries" USING btree ("withdrawal_id") WHERE "journal_entries"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_plan_id_idx" ON "journal_entries" USING btree ("plan_id") WHERE "journal_entries"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_trading_activity_id_idx" ON "journal_entries" USING btree ("trading_activity_id") WHERE "journal_entries"."trading_activity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_idx" ON "journal_entries" USING btree ("reverses") WHERE "journal_entries"."reverses" is not null;--> statement-breakpoint
-- 2. The admin lists' kept totals (migration list_counts): the shard's upsert was a LANGUAGE sql
--    function, which PostgreSQL parses and plans again on every call (its plan is not kept across
--    calls); in PL/pgSQL the plan is kept for the session. The review and audit triggers run the
--    upsert themselves (one function call less per row). Same rows, same shards.
CREATE OR REPLACE FUNCTION list_count_add(which text, change int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts AS c (list, shard, rows) VALUES (which, pg_backend_pid() % 16, change)
  ON CONFLICT (list, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_count_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'pending';
  is_now boolean := TG_OP <> 'DELETE' AND NEW.status = 'pending';
BEGIN
  IF was <> is_now THEN
    INSERT INTO list_counts AS c (list, shard, rows)
    VALUES ('pending_reviews', pg_backend_pid() % 16, CASE WHEN is_now THEN 1 ELSE -1 END)
    ON CONFLICT (list, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_count_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts AS c (list, shard, rows) VALUES ('audit_log', pg_backend_pid() % 16, 1)
  ON CONFLICT (list, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 3. The history count of an entry (migration history_pages) concerns only an entry of a client
--    that no deposit or withdrawal posted (the function's own first test; those columns never
--    change: the journal is append-only). With that test as the trigger's WHEN, an entry posted by
--    a deposit or withdrawal queues no event for commit at all.
DROP TRIGGER history_count_entry ON journal_entries;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER history_count_entry AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.user_id IS NOT NULL AND NEW.deposit_id IS NULL AND NEW.withdrawal_id IS NULL)
  EXECUTE FUNCTION history_count_entry();
--> statement-breakpoint
-- 4. The guards of the kept figures refuse any write that no trigger makes, and every delete. The
--    journal line trigger's own writes (a balance, a total, a day, an effect, a count) called each
--    guard just to let them through: now the guard is called only when it will refuse. A WHEN
--    condition is evaluated before the guard runs, where pg_trigger_depth() is one less than
--    inside it: "< 1" in WHEN is the functions' "< 2". Deletes keep an unconditional trigger. The
--    functions are unchanged and still decide (and word) every refusal.
DROP TRIGGER ledger_accounts_guard ON ledger_accounts;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW
  WHEN (NEW.kind IS DISTINCT FROM OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id
        OR (NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 1))
  EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
DROP TRIGGER ledger_account_totals_guard ON ledger_account_totals;--> statement-breakpoint
CREATE TRIGGER ledger_account_totals_guard BEFORE INSERT OR UPDATE ON ledger_account_totals
  FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION ledger_account_totals_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_account_totals_no_delete BEFORE DELETE ON ledger_account_totals
  FOR EACH ROW EXECUTE FUNCTION ledger_account_totals_guard();
--> statement-breakpoint
DROP TRIGGER account_value_days_guard ON account_value_days;--> statement-breakpoint
CREATE TRIGGER account_value_days_guard BEFORE INSERT OR UPDATE ON account_value_days
  FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION account_value_days_guard();
--> statement-breakpoint
CREATE TRIGGER account_value_days_no_delete BEFORE DELETE ON account_value_days
  FOR EACH ROW EXECUTE FUNCTION account_value_days_guard();
--> statement-breakpoint
DROP TRIGGER journal_entry_effects_guard ON journal_entry_effects;--> statement-breakpoint
CREATE TRIGGER journal_entry_effects_guard BEFORE INSERT OR UPDATE ON journal_entry_effects
  FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION history_derived_guard();
--> statement-breakpoint
CREATE TRIGGER journal_entry_effects_no_delete BEFORE DELETE ON journal_entry_effects
  FOR EACH ROW EXECUTE FUNCTION history_derived_guard();
--> statement-breakpoint
DROP TRIGGER history_line_counts_guard ON history_line_counts;--> statement-breakpoint
CREATE TRIGGER history_line_counts_guard BEFORE INSERT OR UPDATE ON history_line_counts
  FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION history_derived_guard();
--> statement-breakpoint
CREATE TRIGGER history_line_counts_no_delete BEFORE DELETE ON history_line_counts
  FOR EACH ROW EXECUTE FUNCTION history_derived_guard();
