-- The reviewer of a request is never its owner (docs/security.md "Separation of duties"): a staff
-- member does not decide on their own deposit or withdrawal, and a four-eyes request's maker and
-- checker are never the person it is about. NOT VALID: rows written before these rules (a staff
-- member who approved their own deposit) stay as history; every new or changed row is checked.
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewer_not_owner" CHECK ("deposits"."reviewed_by" <> "deposits"."user_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewer_not_owner" CHECK ("withdrawals"."reviewed_by" <> "withdrawals"."user_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_not_client" CHECK ("approval_requests"."maker_id" <> "approval_requests"."client_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_not_client" CHECK ("approval_requests"."checker_id" <> "approval_requests"."client_id") NOT VALID;
