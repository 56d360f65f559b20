-- Proof of liabilities bound to the client (docs/transparency.md "Proof of liabilities"): a snapshot
-- has a cut (the journal log size its totals are summed to; null for version 1 snapshots) and a leaf
-- count (each client's total is split into several leaves, so one user has several leaves per
-- snapshot); the snapshot's record is a leaf of the journal's log of its own kind.
ALTER TABLE "transparency_leaves" DROP CONSTRAINT "transparency_leaves_one_subject";--> statement-breakpoint
ALTER TABLE "transparency_leaves" DROP CONSTRAINT "transparency_leaves_version";--> statement-breakpoint
DROP INDEX "liabilities_leaves_snapshot_user_idx";--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD COLUMN "snapshot_id" uuid;--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD COLUMN "leaves" integer;--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD COLUMN "cut_size" bigint;--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_snapshot_id_liabilities_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liabilities_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liabilities_leaves_snapshot_user_idx" ON "liabilities_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_snapshot_id_key" UNIQUE("snapshot_id");--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_one_subject" CHECK (num_nonnulls(entry_id, account_id, snapshot_id) = 1);--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_version" CHECK (version = 2 or (version = 1 and account_id is null and snapshot_id is null));--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD CONSTRAINT "liabilities_snapshots_leaves_positive" CHECK (leaves > 0);--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD CONSTRAINT "liabilities_snapshots_cut_positive" CHECK (cut_size > 0);