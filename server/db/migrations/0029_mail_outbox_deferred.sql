-- a mail may be stored before it is rendered: its body template's name and values (message), which the
-- mail worker renders when it sends it (docs/performance.md "The notice mail, rendered by the worker")
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_check" CHECK ("mail_outbox"."text" is not null or "mail_outbox"."message" is not null);