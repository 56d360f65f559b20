-- Four-eyes on the caps of the verification levels (docs/security.md "Four-eyes approval"): a raise
-- of a level's caps at or above the threshold waits as a request of action 'limits_update', which is
-- about no one person, so its client_id is null; every other action keeps naming its client (or
-- staff member), and keeps its amount rule (limits_update: the largest raise, positive).
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_action_check";--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_subject" CHECK (("approval_requests"."client_id" is null) = ("approval_requests"."action" = 'limits_update'));--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_action_check" CHECK ("approval_requests"."action" in ('adjustment', 'transaction', 'profit', 'void', 'withdrawal_approval', 'deposit_approval',
        'staff_block', 'staff_unblock', 'staff_reset_two_factor', 'limits_update'));