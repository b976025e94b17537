CREATE TYPE "public"."sms_outbox_status" AS ENUM('queued', 'sent', 'failed', 'skipped');--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"status" "sms_outbox_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"handover_at" timestamp with time zone,
	"provider_sid" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" uuid
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guest_phone" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_event_idx" ON "sms_outbox" USING btree ("event_id") WHERE "sms_outbox"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_status_created_idx" ON "sms_outbox" USING btree ("status","created_at");