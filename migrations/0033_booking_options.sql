ALTER TABLE "event_types" ADD COLUMN "durations" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "redirect_pass_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_durations_count" CHECK (cardinality("event_types"."durations") <= 6);--> statement-breakpoint
-- Every existing event type offers its one length (decision 087).
UPDATE "event_types" SET "durations" = ARRAY["duration"];
