ALTER TABLE "events" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "cancel_notice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "reschedule_notice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "max_reschedules" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "require_cancel_reason" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_cancel_notice_range" CHECK ("event_types"."cancel_notice_minutes" between 0 and 43200);--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_reschedule_notice_range" CHECK ("event_types"."reschedule_notice_minutes" between 0 and 43200);--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_max_reschedules_range" CHECK ("event_types"."max_reschedules" between 0 and 100);