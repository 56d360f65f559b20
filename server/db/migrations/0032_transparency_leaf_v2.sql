-- The verifiable journal's leaf version 2 (docs/transparency.md "Leaf versions"): a leaf says its
-- version; a leaf is either a journal entry's or an account opening's (the sealed fact of its owner);
-- the seal finds accounts opened since its horizon through ledger_accounts (created_at, id).
ALTER TABLE "transparency_leaves" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_created_at_idx" ON "ledger_accounts" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_account_id_key" UNIQUE("account_id");--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_one_subject" CHECK ((entry_id is null) <> (account_id is null));--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_version" CHECK (version = 2 or (version = 1 and account_id is null));