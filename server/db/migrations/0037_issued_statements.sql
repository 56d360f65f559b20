CREATE TABLE "issued_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"range_from" date NOT NULL,
	"range_to" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"horizon" timestamp with time zone,
	"covered_entry_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"file_digest" text,
	"tree_head_size" bigint,
	"tree_head_root" text,
	"superseded_at" timestamp with time zone,
	"superseded_by" uuid,
	"reason_entry_id" uuid,
	"reason_posted_at" timestamp with time zone,
	"reason_effective_at" timestamp with time zone,
	"reason_amount_cents" bigint,
	"reason_description" text,
	CONSTRAINT "issued_statements_range" CHECK (range_from <= range_to),
	CONSTRAINT "issued_statements_digest_hex" CHECK (file_digest ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "issued_statements_superseded_whole" CHECK ((superseded_at is null) = (superseded_by is null)
        and (superseded_at is null) = (reason_entry_id is null))
);
--> statement-breakpoint
ALTER TABLE "issued_statements" ADD CONSTRAINT "issued_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_statements" ADD CONSTRAINT "issued_statements_superseded_by_issued_statements_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."issued_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_statements" ADD CONSTRAINT "issued_statements_reason_entry_id_journal_entries_id_fk" FOREIGN KEY ("reason_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_statements_user_idx" ON "issued_statements" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_statements_file_digest_key" ON "issued_statements" USING btree ("file_digest");--> statement-breakpoint
CREATE INDEX "issued_statements_current_idx" ON "issued_statements" USING btree ("user_id") WHERE superseded_at is null and file_digest is not null;--> statement-breakpoint
CREATE INDEX "issued_statements_recorded_idx" ON "issued_statements" USING btree ("recorded_at");