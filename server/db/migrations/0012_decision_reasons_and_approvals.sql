CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"client_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"maker_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_id" uuid,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_action_check" CHECK ("approval_requests"."action" in ('adjustment', 'transaction', 'profit', 'void', 'withdrawal_approval')),
	CONSTRAINT "approval_requests_status_check" CHECK ("approval_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "approval_requests_amount_positive" CHECK ("approval_requests"."amount" > 0),
	CONSTRAINT "approval_requests_four_eyes" CHECK ("approval_requests"."checker_id" is null or "approval_requests"."checker_id" <> "approval_requests"."maker_id"),
	CONSTRAINT "approval_requests_decided" CHECK (("approval_requests"."status" = 'pending') = ("approval_requests"."checker_id" is null and "approval_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" USING btree ("created_at") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_client_idx" ON "approval_requests" USING btree ("client_id","created_at");