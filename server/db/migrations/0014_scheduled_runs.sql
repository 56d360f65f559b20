CREATE TABLE "scheduled_runs" (
	"name" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"run_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "scheduled_runs_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
CREATE INDEX "scheduled_runs_started_idx" ON "scheduled_runs" USING btree ("started_at");