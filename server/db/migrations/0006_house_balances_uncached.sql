-- House accounts (cash, income_expense) keep no cached balance (docs/performance.md): every posting has a
-- house side, so the house rows were updated by every money transaction and all of them queued on
-- those rows until commit. A house balance is now the sum of its lines; client balances stay cached
-- (they carry the CHECK that refuses an overdraft) and move with their lines as before.
CREATE OR REPLACE FUNCTION journal_line_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND user_id IS NOT NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DISABLE TRIGGER "ledger_accounts_guard";
--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "user_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ENABLE TRIGGER "ledger_accounts_guard";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_house_uncached" CHECK ("ledger_accounts"."user_id" is not null or "ledger_accounts"."balance" = 0);
