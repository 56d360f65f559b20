CREATE TABLE "security_alert_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"cause" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_alert_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "security_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cause" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_holds_cause_check" CHECK ("security_holds"."cause" in ('password_reset', 'password_change', 'two_factor_off', 'two_factor_reset', 'email_change', 'new_device')),
	CONSTRAINT "security_holds_ends_check" CHECK ("security_holds"."ends_at" >= "security_holds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "security_alert_tokens" ADD CONSTRAINT "security_alert_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_holds" ADD CONSTRAINT "security_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_holds" ADD CONSTRAINT "security_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_alert_tokens_user_idx" ON "security_alert_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "security_holds_user_idx" ON "security_holds" USING btree ("user_id","ends_at");