ALTER TYPE "public"."booking_event_kind" ADD VALUE 'no_show';--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guest_no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "host_no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "utm" jsonb;