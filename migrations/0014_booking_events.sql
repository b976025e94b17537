CREATE TYPE "public"."booking_event_kind" AS ENUM('created', 'rescheduled', 'cancelled');--> statement-breakpoint
CREATE TABLE "booking_event_deliveries" (
	"booking_event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_event_deliveries_booking_event_id_consumer_pk" PRIMARY KEY("booking_event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "booking_event_kind" NOT NULL,
	"event_id" uuid NOT NULL,
	"seat_id" uuid,
	"actor" text NOT NULL,
	"old_starts_at" timestamp with time zone,
	"old_ends_at" timestamp with time zone,
	"new_starts_at" timestamp with time zone,
	"new_ends_at" timestamp with time zone,
	"reason" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_event_deliveries" ADD CONSTRAINT "booking_event_deliveries_booking_event_id_booking_events_id_fk" FOREIGN KEY ("booking_event_id") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_event_deliveries_due_idx" ON "booking_event_deliveries" USING btree ("consumer","created_at") WHERE "booking_event_deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "booking_events_event_idx" ON "booking_events" USING btree ("event_id");