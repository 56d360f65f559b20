-- Staff roles (common/permissions.ts): the one all-powerful 'admin' becomes an 'owner'.
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'owner', 'finance', 'compliance', 'support'));
