CREATE TABLE "integrity_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"first_divergence" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "integrity_checks_divergence_named" CHECK (ok = (first_divergence is null))
);
--> statement-breakpoint
CREATE TABLE "liabilities_leaves" (
	"snapshot_id" uuid NOT NULL,
	"leaf_index" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"salt" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "liabilities_leaves_snapshot_id_leaf_index_pk" PRIMARY KEY("snapshot_id","leaf_index"),
	CONSTRAINT "liabilities_leaves_salt_hex" CHECK (salt ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "liabilities_leaves_total_non_negative" CHECK (total >= 0)
);
--> statement-breakpoint
CREATE TABLE "liabilities_nodes" (
	"snapshot_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"index" integer NOT NULL,
	"hash" text NOT NULL,
	"sum" bigint NOT NULL,
	CONSTRAINT "liabilities_nodes_snapshot_id_level_index_pk" PRIMARY KEY("snapshot_id","level","index"),
	CONSTRAINT "liabilities_nodes_hash_hex" CHECK (hash ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "liabilities_nodes_sum_non_negative" CHECK (sum >= 0)
);
--> statement-breakpoint
CREATE TABLE "liabilities_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"total" bigint NOT NULL,
	"accounts" integer NOT NULL,
	"taken_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liabilities_snapshots_root_hex" CHECK (root_hash ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "liabilities_snapshots_total_non_negative" CHECK (total >= 0),
	CONSTRAINT "liabilities_snapshots_accounts_positive" CHECK (accounts > 0)
);
--> statement-breakpoint
ALTER TABLE "liabilities_leaves" ADD CONSTRAINT "liabilities_leaves_snapshot_id_liabilities_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liabilities_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_leaves" ADD CONSTRAINT "liabilities_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_nodes" ADD CONSTRAINT "liabilities_nodes_snapshot_id_liabilities_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liabilities_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD CONSTRAINT "liabilities_snapshots_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integrity_checks_checked_at_idx" ON "integrity_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "liabilities_leaves_snapshot_user_idx" ON "liabilities_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
CREATE INDEX "liabilities_snapshots_taken_at_idx" ON "liabilities_snapshots" USING btree ("taken_at");--> statement-breakpoint
-- A published proof of liabilities and an integrity check's result are records (docs/transparency.md):
-- once written they are never changed or removed, whatever code sends the write.
CREATE FUNCTION liabilities_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liabilities_snapshots_append_only BEFORE UPDATE OR DELETE ON liabilities_snapshots
  FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liabilities_snapshots_no_truncate BEFORE TRUNCATE ON liabilities_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liabilities_leaves_append_only BEFORE UPDATE OR DELETE ON liabilities_leaves
  FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liabilities_leaves_no_truncate BEFORE TRUNCATE ON liabilities_leaves
  FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liabilities_nodes_append_only BEFORE UPDATE OR DELETE ON liabilities_nodes
  FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liabilities_nodes_no_truncate BEFORE TRUNCATE ON liabilities_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER integrity_checks_append_only BEFORE UPDATE OR DELETE ON integrity_checks
  FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER integrity_checks_no_truncate BEFORE TRUNCATE ON integrity_checks
  FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
