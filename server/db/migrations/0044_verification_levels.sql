CREATE TABLE "verification_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"deposit_day" bigint NOT NULL,
	"deposit_month" bigint NOT NULL,
	"withdrawal_day" bigint NOT NULL,
	"withdrawal_month" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "verification_levels_name_unique" UNIQUE("name"),
	CONSTRAINT "verification_levels_level_check" CHECK ("verification_levels"."level" between 0 and 2),
	CONSTRAINT "verification_levels_caps_check" CHECK ("verification_levels"."deposit_day" >= 0 and "verification_levels"."deposit_month" >= "verification_levels"."deposit_day"
        and "verification_levels"."withdrawal_day" >= 0 and "verification_levels"."withdrawal_month" >= "verification_levels"."withdrawal_day"),
	CONSTRAINT "verification_levels_email_no_withdrawal_check" CHECK ("verification_levels"."level" > 0 or ("verification_levels"."withdrawal_day" = 0 and "verification_levels"."withdrawal_month" = 0))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_levels" ADD CONSTRAINT "verification_levels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- the starting caps in cents: the owner edits them in the back office (docs/security.md "Limits by verification level")
INSERT INTO "verification_levels" ("level", "name", "deposit_day", "deposit_month", "withdrawal_day", "withdrawal_month") VALUES
	(0, 'email', 2500000, 5000000, 0, 0),
	(1, 'identity', 10000000, 25000000, 1000000, 5000000),
	(2, 'address', 25000000, 100000000, 5000000, 25000000);
