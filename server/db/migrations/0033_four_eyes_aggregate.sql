ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_amount_positive";--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_action_check";--> statement-breakpoint
CREATE INDEX "journal_entries_actor_recent_idx" ON "journal_entries" USING btree ("actor_id","user_id","created_at") WHERE "journal_entries"."actor_id" is not null;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_amount" CHECK (case when "approval_requests"."action" in ('staff_block', 'staff_unblock', 'staff_reset_two_factor') then "approval_requests"."amount" = 0
        else "approval_requests"."amount" > 0 end);--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_action_check" CHECK ("approval_requests"."action" in ('adjustment', 'transaction', 'profit', 'void', 'withdrawal_approval', 'deposit_approval',
        'staff_block', 'staff_unblock', 'staff_reset_two_factor'));