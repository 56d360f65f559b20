CREATE TABLE "account_value_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"invested" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_value_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
-- The client's account value chart reads only the points it draws (docs/performance.md "An
-- account value series that reads only its points"): per client and UTC day of an entry's
-- effective_at, what each of their accounts moved and the day's deposits, withdrawals paid out and
-- profit, summed from their lines. A day's change rather than its closing balance: an entry dated
-- in the past (an admin's back-dated transaction) then changes its own day only, and the series is
-- the accounts' current balances less the changes after each day. A reversal's lines count under
-- the kind of the entry it reverses (as the totals of migration ledger_account_totals do).
CREATE VIEW account_value_days_from_lines AS
SELECT a.user_id, (e.effective_at AT TIME ZONE 'UTC')::date AS day,
       sum(CASE WHEN a.kind = 'available' THEN l.amount ELSE 0 END)::bigint AS available,
       sum(CASE WHEN a.kind = 'held' THEN l.amount ELSE 0 END)::bigint AS held,
       sum(CASE WHEN a.kind = 'invested' THEN l.amount ELSE 0 END)::bigint AS invested,
       sum(CASE WHEN coalesce(o.type, e.type) = 'deposit' THEN l.amount ELSE 0 END)::bigint AS deposits,
       sum(CASE WHEN coalesce(o.type, e.type) = 'withdrawal_settle' THEN -l.amount ELSE 0 END)::bigint AS withdrawals,
       sum(CASE WHEN coalesce(o.type, e.type) = 'profit' THEN l.amount ELSE 0 END)::bigint AS profit
  FROM journal_lines l
  JOIN ledger_accounts a ON a.id = l.account_id AND a.user_id IS NOT NULL
  JOIN journal_entries e ON e.id = l.entry_id
  LEFT JOIN journal_entries o ON o.id = e.reverses
 GROUP BY 1, 2;
--> statement-breakpoint
-- Rebuilds the days from the journal: here, once, and after rows were written with the triggers off
-- (as the bench's seeding does; with the guard below on, only a session with triggers off may run it).
CREATE FUNCTION account_value_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM account_value_days;
  INSERT INTO account_value_days (user_id, day, available, held, invested, deposits, withdrawals, profit)
  SELECT user_id, day, available, held, invested, deposits, withdrawals, profit FROM account_value_days_from_lines;
$$;
--> statement-breakpoint
SELECT account_value_recount();
--> statement-breakpoint
-- As in migration history_pages, and each posted line of a client account also adds its amount to
-- its client's day (one upsert): to the column of its account's kind, and to the day's deposits,
-- withdrawals or profit by the entry's kind.
CREATE OR REPLACE FUNCTION journal_line_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_user uuid;
  account_kind text;
  entry_kind text;
  posted_type text;
  entry_user uuid;
  from_request boolean;
  entry_day date;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND user_id IS NOT NULL
  RETURNING user_id, kind INTO account_user, account_kind;
  IF FOUND THEN
    SELECT coalesce(o.type, e.type), e.type, e.user_id, e.deposit_id IS NOT NULL OR e.withdrawal_id IS NOT NULL,
           (e.effective_at AT TIME ZONE 'UTC')::date
      INTO entry_kind, posted_type, entry_user, from_request, entry_day
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
    INSERT INTO account_value_days AS d (user_id, day, available, held, invested, deposits, withdrawals, profit)
    VALUES (account_user, entry_day,
            CASE WHEN account_kind = 'available' THEN NEW.amount ELSE 0 END,
            CASE WHEN account_kind = 'held' THEN NEW.amount ELSE 0 END,
            CASE WHEN account_kind = 'invested' THEN NEW.amount ELSE 0 END,
            CASE WHEN entry_kind = 'deposit' THEN NEW.amount ELSE 0 END,
            CASE WHEN entry_kind = 'withdrawal_settle' THEN -NEW.amount ELSE 0 END,
            CASE WHEN entry_kind = 'profit' THEN NEW.amount ELSE 0 END)
    ON CONFLICT (user_id, day) DO UPDATE SET
      available = d.available + EXCLUDED.available, held = d.held + EXCLUDED.held,
      invested = d.invested + EXCLUDED.invested, deposits = d.deposits + EXCLUDED.deposits,
      withdrawals = d.withdrawals + EXCLUDED.withdrawals, profit = d.profit + EXCLUDED.profit;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The days move only with lines (the trigger above writes them): any other write, and every
-- delete, is refused, as for the ledger's totals.
CREATE FUNCTION account_value_days_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'account value days change only by posting journal lines' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_value_days_guard BEFORE INSERT OR UPDATE OR DELETE ON account_value_days
  FOR EACH ROW EXECUTE FUNCTION account_value_days_guard();
--> statement-breakpoint
CREATE TRIGGER account_value_days_no_truncate BEFORE TRUNCATE ON account_value_days
  FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
