CREATE TABLE "booking_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"time_zone" text NOT NULL,
	"notes" text,
	"guests" text[] DEFAULT '{}'::text[] NOT NULL,
	"token_hash" text NOT NULL,
	"status" "event_status" DEFAULT 'confirmed' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_seats_guests_max" CHECK (cardinality("booking_seats"."guests") <= 4)
);
--> statement-breakpoint
ALTER TABLE "booking_seats" ADD CONSTRAINT "booking_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_seats_token_hash_key" ON "booking_seats" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "booking_seats_event_idx" ON "booking_seats" USING btree ("event_id","created_at");--> statement-breakpoint
-- Existing group bookings (decision 021): the guest who booked the session becomes its one seat,
-- holding the event's token hash (so only that guest's links act on it, now on the seat) and
-- every other invitee of the session as its guests (they never had a token of their own). The
-- seat takes the event's id, so the links already mailed (/booking/<event id>/...?token=) keep
-- working even after the seat moves to another session.
INSERT INTO "booking_seats" ("id", "event_id", "name", "email", "time_zone", "notes", "guests", "token_hash", "status", "sequence", "cancelled_at", "created_at", "updated_at")
SELECT e."id", e."id", coalesce(e."guest_name", e."guest_email"), e."guest_email", coalesce(e."guest_time_zone", 'UTC'), e."notes",
  coalesce((SELECT (array_agg(i."email" ORDER BY i."position"))[1:4] FROM "event_invitees" i WHERE i."event_id" = e."id" AND i."email" <> e."guest_email"), '{}'::text[]),
  coalesce(e."booking_token_hash", 'none:' || e."id"::text), e."status", e."sequence",
  CASE WHEN e."status" = 'cancelled' THEN e."updated_at" END, e."created_at", e."updated_at"
FROM "events" e
WHERE e."event_with" = 'Group' AND e."guest_email" IS NOT NULL;--> statement-breakpoint
UPDATE "events" SET "booking_token_hash" = NULL WHERE "event_with" = 'Group' AND "guest_email" IS NOT NULL;
