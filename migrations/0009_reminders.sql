ALTER TYPE "public"."mail_outbox_status" ADD VALUE 'queued';--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"guest_email_on" boolean NOT NULL,
	"guest_email_minutes" integer NOT NULL,
	"second_guest_email_on" boolean NOT NULL,
	"second_guest_email_minutes" integer NOT NULL,
	"host_in_app_on" boolean NOT NULL,
	"host_in_app_minutes" integer NOT NULL,
	"follow_up_on" boolean NOT NULL,
	"follow_up_minutes" integer NOT NULL,
	"follow_up_message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_offsets" CHECK ("reminder_settings"."guest_email_minutes" between 5 and 10080 and "reminder_settings"."second_guest_email_minutes" between 5 and 10080 and "reminder_settings"."host_in_app_minutes" between 1 and 1440 and "reminder_settings"."follow_up_minutes" between 0 and 10080)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "start_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_key" ON "reminder_deliveries" USING btree ("event_id","rule","starts_at");--> statement-breakpoint
CREATE INDEX "events_confirmed_starts_idx" ON "events" USING btree ("starts_at") WHERE "events"."status" = 'confirmed';--> statement-breakpoint
-- Custom (docs/decisions/022): start_set_at follows every change of starts_at, whoever writes it,
-- so a reminder whose time had already passed when an event was booked or moved is never sent late.
CREATE OR REPLACE FUNCTION "events_track_start_set_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.starts_at IS DISTINCT FROM OLD.starts_at THEN
    NEW.start_set_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_start_set_at" BEFORE INSERT OR UPDATE OF "starts_at" ON "events" FOR EACH ROW EXECUTE FUNCTION "events_track_start_set_at"();--> statement-breakpoint
-- A message that failed before the job runner existed had its one attempt in the request.
UPDATE "mail_outbox" SET "attempts" = 1 WHERE "status" = 'failed';
