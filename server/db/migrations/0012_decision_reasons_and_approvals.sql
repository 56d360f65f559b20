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
CREATE INDEX "approval_requests_client_idx" ON "approval_requests" USING btree ("client_id","created_at");--> statement-breakpoint
-- The client's history (first defined in migration 0002): a rejected deposit's or declined
-- withdrawal's details are the staff's reason, and a `profit` entry shows by its effect on the
-- available balance and, for a plan loss, on the plan's invested capital.
CREATE OR REPLACE VIEW transaction_history AS
SELECT d.id, d.user_id, 'deposit'::text AS type, d.status, d.amount, 'credit'::text AS direction,
       d.wallet AS method, coalesce(d.decision_reason, '') AS details, d.created_at AS date, d.created_at,
       EXISTS (SELECT 1 FROM journal_entries e JOIN journal_entries r ON r.reverses = e.id WHERE e.deposit_id = d.id) AS voided,
       'deposit'::text AS source
  FROM deposits d
UNION ALL
SELECT w.id, w.user_id, 'withdrawal', w.status, w.amount, 'debit', coalesce(w.wallet, 'bank'), coalesce(w.decision_reason, ''),
       w.created_at, w.created_at, false, 'withdrawal'
  FROM withdrawals w
 WHERE w.deleted_at IS NULL
UNION ALL
SELECT e.id, e.user_id, CASE e.type WHEN 'withdrawal_settle' THEN 'withdrawal' ELSE e.type END, 'approved',
       abs(x.delta), CASE WHEN x.delta < 0 THEN 'debit' ELSE 'credit' END, 'account', e.memo,
       e.effective_at, e.created_at, EXISTS (SELECT 1 FROM journal_entries r WHERE r.reverses = e.id), 'entry'
  FROM journal_entries e
 CROSS JOIN LATERAL (
       SELECT coalesce(sum(l.amount), 0)::bigint AS delta
         FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE l.entry_id = e.id AND a.user_id = e.user_id
          AND (a.kind = 'available' OR (e.type = 'profit' AND a.kind = 'invested'))) x
 WHERE e.deposit_id IS NULL AND e.withdrawal_id IS NULL AND x.delta <> 0;
