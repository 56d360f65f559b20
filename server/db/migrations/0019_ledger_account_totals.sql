CREATE TABLE "ledger_account_totals" (
	"account_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "ledger_account_totals_account_id_entry_type_pk" PRIMARY KEY("account_id","entry_type")
);
--> statement-breakpoint
ALTER TABLE "ledger_account_totals" ADD CONSTRAINT "ledger_account_totals_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The totals of every client account per kind of entry, from the lines already posted (a reversal's
-- lines count under the kind of the entry it reverses).
INSERT INTO "ledger_account_totals" ("account_id", "entry_type", "total")
SELECT l.account_id, coalesce(o.type, e.type), sum(l.amount)
  FROM journal_lines l
  JOIN ledger_accounts a ON a.id = l.account_id AND a.user_id IS NOT NULL
  JOIN journal_entries e ON e.id = l.entry_id
  LEFT JOIN journal_entries o ON o.id = e.reverses
 GROUP BY 1, 2;
--> statement-breakpoint
-- Each posted line of a client account moves its cached balance (as before) and its total for the
-- entry's kind, in the posting's transaction. An entry is written before its lines, so its type
-- (and that of the entry it reverses) is there to read.
CREATE OR REPLACE FUNCTION journal_line_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_kind text;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND user_id IS NOT NULL;
  IF FOUND THEN
    SELECT coalesce(o.type, e.type) INTO entry_kind
      FROM journal_entries e LEFT JOIN journal_entries o ON o.id = e.reverses
     WHERE e.id = NEW.entry_id;
    INSERT INTO ledger_account_totals AS t (account_id, entry_type, total)
    VALUES (NEW.account_id, entry_kind, NEW.amount)
    ON CONFLICT (account_id, entry_type) DO UPDATE SET total = t.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The totals move only with lines (the trigger above writes them): any other write, and every
-- delete, is refused, as for cached balances.
CREATE FUNCTION ledger_account_totals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger totals change only by posting journal lines' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_account_totals_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_account_totals
  FOR EACH ROW EXECUTE FUNCTION ledger_account_totals_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_account_totals_no_truncate BEFORE TRUNCATE ON ledger_account_totals
  FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
