-- Hand-written guards of the ledger. The application checks the same rules;
-- these make the database refuse a broken write whatever code sends it.

-- 1. Journal entries and lines are append-only: no UPDATE, DELETE or TRUNCATE, ever.
CREATE FUNCTION journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint

-- 2. The cached balance of an account moves only with its lines, in the same transaction: each
--    inserted line adds its amount (the CHECK on ledger_accounts then refuses a negative client
--    balance), and any other change of balance, kind or owner is refused.
CREATE FUNCTION journal_line_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_apply AFTER INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_line_apply();
--> statement-breakpoint
CREATE FUNCTION ledger_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.kind <> OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    RAISE EXCEPTION 'a ledger account keeps its kind and owner' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.balance <> OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a ledger balance changes only by posting journal lines' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint

-- 3. At commit, every entry has lines and they sum to zero (deferred constraint triggers).
CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry uuid;
  n int;
  total numeric;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN entry := NEW.id; ELSE entry := NEW.entry_id; END IF;
  SELECT count(*), coalesce(sum(amount), 0) INTO n, total FROM journal_lines WHERE entry_id = entry;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % is unbalanced (% lines, sum %)', entry, n, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
--> statement-breakpoint

-- 4. The client's transaction history: funding requests with their status,
--    plus entries no funding request posted, shown by their effect on the client's available
--    balance (amount in cents, always positive; direction credit | debit).
CREATE VIEW transaction_history AS
SELECT d.id, d.user_id, 'deposit'::text AS type, d.status, d.amount, 'credit'::text AS direction,
       d.wallet AS method, ''::text AS details, d.created_at AS date, d.created_at,
       EXISTS (SELECT 1 FROM journal_entries e JOIN journal_entries r ON r.reverses = e.id WHERE e.deposit_id = d.id) AS voided,
       'deposit'::text AS source
  FROM deposits d
UNION ALL
SELECT w.id, w.user_id, 'withdrawal', w.status, w.amount, 'debit', coalesce(w.wallet, 'bank'), '',
       w.created_at, w.created_at, false, 'withdrawal'
  FROM withdrawals w
 WHERE w.deleted_at IS NULL
UNION ALL
SELECT e.id, e.user_id, CASE e.type WHEN 'withdrawal_settle' THEN 'withdrawal' ELSE e.type END, 'approved',
       abs(x.delta), CASE WHEN x.delta < 0 THEN 'debit' ELSE 'credit' END, 'account', e.memo,
       e.effective_at, e.created_at, EXISTS (SELECT 1 FROM journal_entries r WHERE r.reverses = e.id), 'entry'
  FROM journal_entries e
 CROSS JOIN LATERAL (
       SELECT coalesce(sum(l.amount), 0)::bigint AS delta
         FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE l.entry_id = e.id AND a.user_id = e.user_id AND a.kind = 'available') x
 WHERE e.deposit_id IS NULL AND e.withdrawal_id IS NULL AND x.delta <> 0;
