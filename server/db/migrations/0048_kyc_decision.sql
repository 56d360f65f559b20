-- Who decided a client's identity documents and when (docs/product.md "Identity verification (KYC)"):
-- the back office says "Rejected by <name> on <date>", the client reads the day. Earlier decisions
-- are read back from their audit rows (`user.verification`), newest per client.
ALTER TABLE "users" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_decided_by" uuid;--> statement-breakpoint
UPDATE "users" u SET "verification_decided_at" = a."created_at", "verification_decided_by" = a."actor_id"
FROM (
  SELECT DISTINCT ON ("target_user_id") "target_user_id", "created_at", "actor_id"
  FROM "audit_log" WHERE "action" = 'user.verification'
  ORDER BY "target_user_id", "created_at" DESC
) a
WHERE a."target_user_id" = u."id" AND u."verification_status" IN ('verified', 'rejected', 'failed');
