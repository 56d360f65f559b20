-- The users list in its other orders (docs/integrations.md "Cursor pages"): live clients by name
-- and by e-mail, each ending with the id, as the list and its cursor read them.
CREATE INDEX "users_live_name_idx" ON "users" USING btree ("last_name","first_name","id") WHERE "users"."deleted_at" is null and "users"."role" = 'client';--> statement-breakpoint
CREATE INDEX "users_live_email_idx" ON "users" USING btree ("email","id") WHERE "users"."deleted_at" is null and "users"."role" = 'client';