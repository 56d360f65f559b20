-- trigram matching for the admin searches (a trusted extension: the database owner may create it)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || E'\n' || "email") gin_trgm_ops) WHERE "users"."deleted_at" is null;
