CREATE TABLE "transparency_cosignatures" (
	"size" bigint NOT NULL,
	"witness_name" text NOT NULL,
	"key_id" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transparency_cosignatures_size_witness_name_key_id_pk" PRIMARY KEY("size","witness_name","key_id"),
	CONSTRAINT "transparency_cosignatures_key_id_hex" CHECK (key_id ~ '^[0-9a-f]{8}$'),
	CONSTRAINT "transparency_cosignatures_signature_hex" CHECK (signature ~ '^[0-9a-f]{128}$'),
	CONSTRAINT "transparency_cosignatures_timestamp_non_negative" CHECK (timestamp >= 0)
);
--> statement-breakpoint
ALTER TABLE "transparency_tree_heads" ADD COLUMN "checkpoint_signature" text;--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "transparency_cosignatures" ADD CONSTRAINT "transparency_cosignatures_size_transparency_tree_heads_size_fk" FOREIGN KEY ("size") REFERENCES "public"."transparency_tree_heads"("size") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transparency_tree_heads" ADD CONSTRAINT "transparency_tree_heads_checkpoint_signature_hex" CHECK (checkpoint_signature ~ '^[0-9a-f]{128}$');--> statement-breakpoint
ALTER TABLE "liabilities_snapshots" ADD CONSTRAINT "liabilities_snapshots_signature_hex" CHECK (signature ~ '^[0-9a-f]{128}$');--> statement-breakpoint
-- A witness's cosignature, once accepted, is evidence: append-only like the log it cosigns.
CREATE TRIGGER transparency_cosignatures_append_only BEFORE UPDATE OR DELETE ON transparency_cosignatures
  FOR EACH ROW EXECUTE FUNCTION transparency_log_append_only();--> statement-breakpoint
CREATE TRIGGER transparency_cosignatures_no_truncate BEFORE TRUNCATE ON transparency_cosignatures
  FOR EACH STATEMENT EXECUTE FUNCTION transparency_log_append_only();
