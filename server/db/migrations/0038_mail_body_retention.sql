ALTER TABLE "mail_outbox" ADD COLUMN "body_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_body_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_check" CHECK ("mail_outbox"."text" is not null or "mail_outbox"."message" is not null or "mail_outbox"."body_removed_at" is not null);--> statement-breakpoint
CREATE INDEX "mail_outbox_body_kept_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" in ('sent', 'logged') and "mail_outbox"."body_removed_at" is null;
