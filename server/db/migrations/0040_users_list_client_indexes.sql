-- The admin users list reads live clients only (migration users_list_clients), so its two paging
-- indexes hold exactly those rows: a deep page then skips its offset in the index alone (an
-- index-only scan) instead of reading every skipped row from the table to check its role.
DROP INDEX "users_live_created_idx";--> statement-breakpoint
DROP INDEX "users_verification_idx";--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is null and "users"."role" = 'client';--> statement-breakpoint
CREATE INDEX "users_verification_idx" ON "users" USING btree ("verification_status","created_at","id") WHERE "users"."deleted_at" is null and "users"."role" = 'client';
