CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"network" text,
	"address" text,
	"iban" text,
	"account_number" text,
	"routing" text,
	"swift" text,
	"bank_name" text,
	"account_name" text,
	"destination_key" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'pending_confirmation' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"active_from" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "beneficiaries_kind_check" CHECK ("beneficiaries"."kind" in ('crypto', 'bank')),
	CONSTRAINT "beneficiaries_status_check" CHECK ("beneficiaries"."status" in ('pending_confirmation', 'waiting', 'active', 'cancelled', 'deleted')),
	CONSTRAINT "beneficiaries_network_check" CHECK ("beneficiaries"."network" is null or "beneficiaries"."network" in ('bitcoin', 'ethereum', 'usdt_tron', 'usdt_ethereum')),
	CONSTRAINT "beneficiaries_fields_check" CHECK (case when "beneficiaries"."kind" = 'crypto' then "beneficiaries"."network" is not null and "beneficiaries"."address" is not null
        else "beneficiaries"."swift" is not null and "beneficiaries"."bank_name" is not null and "beneficiaries"."account_name" is not null
          and ("beneficiaries"."iban" is not null or ("beneficiaries"."account_number" is not null and "beneficiaries"."routing" is not null)) end),
	CONSTRAINT "beneficiaries_confirmed_check" CHECK (("beneficiaries"."confirmed_at" is null) = ("beneficiaries"."active_from" is null)
        and ("beneficiaries"."status" not in ('waiting', 'active') or "beneficiaries"."confirmed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiaries_user_idx" ON "beneficiaries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_one_live_destination" ON "beneficiaries" USING btree ("user_id","destination_key") WHERE "beneficiaries"."status" in ('pending_confirmation', 'waiting', 'active');--> statement-breakpoint
CREATE INDEX "beneficiaries_waiting_idx" ON "beneficiaries" USING btree ("active_from") WHERE "beneficiaries"."status" = 'waiting';