CREATE TABLE "transparency_leaves" (
	"leaf_index" bigint PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"leaf_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transparency_leaves_entry_id_key" UNIQUE("entry_id"),
	CONSTRAINT "transparency_leaves_index_non_negative" CHECK (leaf_index >= 0),
	CONSTRAINT "transparency_leaves_hash_hex" CHECK (leaf_hash ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "transparency_nodes" (
	"level" integer NOT NULL,
	"index" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "transparency_nodes_level_index_pk" PRIMARY KEY("level","index"),
	CONSTRAINT "transparency_nodes_level_check" CHECK (level between 1 and 62),
	CONSTRAINT "transparency_nodes_index_non_negative" CHECK (index >= 0),
	CONSTRAINT "transparency_nodes_hash_hex" CHECK (hash ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "transparency_tree_heads" (
	"size" bigint PRIMARY KEY NOT NULL,
	"root_hash" text NOT NULL,
	"timestamp_ms" bigint NOT NULL,
	"signature" text NOT NULL,
	"public_key" text NOT NULL,
	"key_fingerprint" text NOT NULL,
	"scan_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transparency_tree_heads_size_positive" CHECK (size > 0),
	CONSTRAINT "transparency_tree_heads_root_hex" CHECK (root_hash ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "transparency_tree_heads_signature_hex" CHECK (signature ~ '^[0-9a-f]{128}$'),
	CONSTRAINT "transparency_tree_heads_key_hex" CHECK (public_key ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "transparency_leaves" ADD CONSTRAINT "transparency_leaves_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_created_at_idx" ON "journal_entries" USING btree ("created_at","id");--> statement-breakpoint
-- The transparency log is append-only (docs/transparency.md): a leaf, a subtree hash or a signed
-- tree head, once written by the seal, is never changed or removed, whatever code sends the write.
CREATE FUNCTION transparency_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the transparency log is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transparency_leaves_append_only BEFORE UPDATE OR DELETE ON transparency_leaves
  FOR EACH ROW EXECUTE FUNCTION transparency_log_append_only();
--> statement-breakpoint
CREATE TRIGGER transparency_leaves_no_truncate BEFORE TRUNCATE ON transparency_leaves
  FOR EACH STATEMENT EXECUTE FUNCTION transparency_log_append_only();
--> statement-breakpoint
CREATE TRIGGER transparency_nodes_append_only BEFORE UPDATE OR DELETE ON transparency_nodes
  FOR EACH ROW EXECUTE FUNCTION transparency_log_append_only();
--> statement-breakpoint
CREATE TRIGGER transparency_nodes_no_truncate BEFORE TRUNCATE ON transparency_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION transparency_log_append_only();
--> statement-breakpoint
CREATE TRIGGER transparency_tree_heads_append_only BEFORE UPDATE OR DELETE ON transparency_tree_heads
  FOR EACH ROW EXECUTE FUNCTION transparency_log_append_only();
--> statement-breakpoint
CREATE TRIGGER transparency_tree_heads_no_truncate BEFORE TRUNCATE ON transparency_tree_heads
  FOR EACH STATEMENT EXECUTE FUNCTION transparency_log_append_only();
