-- API keys for integrations (docs/integrations.md "API keys"): each acts for the staff member who
-- created it, within the permissions it was given; its secret is kept as a SHA-256 only. An audit
-- row made through a key names it (actor_key_id) beside the member.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"permissions" text[] NOT NULL,
	"allowed_networks" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_expiry_check" CHECK ("api_keys"."expires_at" > "api_keys"."created_at"),
	CONSTRAINT "api_keys_revoked_check" CHECK (("api_keys"."revoked_at" is null) = ("api_keys"."revoke_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_key_id_api_keys_id_fk" FOREIGN KEY ("actor_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;