DROP INDEX "workflow_deliveries_key";--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "require_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_seats" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "booking_seats" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_deliveries" ADD COLUMN "seat_id" uuid;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_deliveries" ADD CONSTRAINT "workflow_deliveries_seat_id_booking_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."booking_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_deliveries_seat_key" ON "workflow_deliveries" USING btree ("action_id","event_id","starts_at","seat_id") WHERE "workflow_deliveries"."seat_id" is not null;--> statement-breakpoint
CREATE INDEX "workflows_team_id_idx" ON "workflows" USING btree ("team_id") WHERE "workflows"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_sid_idx" ON "sms_outbox" USING btree ("provider_sid") WHERE "sms_outbox"."provider_sid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_deliveries_key" ON "workflow_deliveries" USING btree ("action_id","event_id","starts_at") WHERE "workflow_deliveries"."seat_id" is null;--> statement-breakpoint
-- Custom (docs/decisions/109), written by hand below this line: a team's timed workflow marks the
-- team's bookings for the workflow job's next poll, as a host's marks the host's (decision 103).
CREATE OR REPLACE FUNCTION "workflow_check_team"(uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "events" SET "workflow_check_at" = 'epoch'
  WHERE "event_type_id" IN (SELECT "id" FROM "event_types" WHERE "team_id" = $1)
    AND "status" = 'confirmed' AND "starts_at" > now() - interval '32 days'
    AND "workflow_check_at" IS DISTINCT FROM 'epoch';
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "workflows_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.active AND NEW.trigger IN ('before_start', 'after_end') THEN
    IF NEW.team_id IS NULL THEN
      PERFORM "workflow_check_host"(NEW.user_id);
    ELSE
      PERFORM "workflow_check_team"(NEW.team_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "workflows_workflow_check" ON "workflows";--> statement-breakpoint
CREATE TRIGGER "workflows_workflow_check" AFTER UPDATE ON "workflows" FOR EACH ROW
  WHEN ((OLD.user_id, OLD.team_id, OLD.trigger, OLD.offset_minutes, OLD.active, OLD.all_event_types) IS DISTINCT FROM (NEW.user_id, NEW.team_id, NEW.trigger, NEW.offset_minutes, NEW.active, NEW.all_event_types))
  EXECUTE FUNCTION "workflows_mark_workflow_check"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "workflow_parts_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "workflow_check_host"(w.user_id) FROM "workflows" w
    WHERE w.id = NEW.workflow_id AND w.team_id IS NULL AND w.active AND w.trigger IN ('before_start', 'after_end');
  PERFORM "workflow_check_team"(w.team_id) FROM "workflows" w
    WHERE w.id = NEW.workflow_id AND w.team_id IS NOT NULL AND w.active AND w.trigger IN ('before_start', 'after_end');
  RETURN NULL;
END $$;