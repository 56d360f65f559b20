CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"amount" bigint NOT NULL,
	"duration_days" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_plan_check" CHECK ("plans"."plan" in ('copy_trading', 'investment')),
	CONSTRAINT "plans_amount_positive" CHECK ("plans"."amount" > 0),
	CONSTRAINT "plans_duration_positive" CHECK ("plans"."duration_days" > 0),
	CONSTRAINT "plans_status_check" CHECK ("plans"."status" in ('active', 'completed')),
	CONSTRAINT "plans_closed_by_check" CHECK ("plans"."closed_by" is null or "plans"."closed_by" in ('schedule', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"from_support" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "trading_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid,
	"plan" text NOT NULL,
	"trade_amount" bigint NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_activities_plan_check" CHECK ("trading_activities"."plan" in ('copy_trading', 'investment')),
	CONSTRAINT "trading_activities_trade_amount_non_negative" CHECK ("trading_activities"."trade_amount" >= 0),
	CONSTRAINT "trading_activities_status_check" CHECK ("trading_activities"."status" in ('active', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "trading_activity_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "document_front_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "document_back_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_activities" ADD CONSTRAINT "trading_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_activities" ADD CONSTRAINT "trading_activities_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_user_idx" ON "audit_log" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_active_idx" ON "plans" USING btree ("user_id") WHERE "plans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "plans_user_id_idx" ON "plans" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "plans_due_idx" ON "plans" USING btree ("end_date") WHERE "plans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "support_replies_ticket_id_idx" ON "support_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_id_idx" ON "support_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_created_at_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trading_activities_user_id_idx" ON "trading_activities" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "trading_activities_plan_id_idx" ON "trading_activities" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_trading_activity_id_trading_activities_id_fk" FOREIGN KEY ("trading_activity_id") REFERENCES "public"."trading_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_plan_id_idx" ON "journal_entries" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "journal_entries_trading_activity_id_idx" ON "journal_entries" USING btree ("trading_activity_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_document_type_check" CHECK ("users"."document_type" is null or "users"."document_type" in ('passport', 'national-id', 'driver-license', 'other'));