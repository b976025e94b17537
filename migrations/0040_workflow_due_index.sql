ALTER TABLE "events" ADD COLUMN "workflow_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_workflow_check_idx" ON "events" USING btree ("workflow_check_at","id") WHERE "events"."workflow_check_at" is not null;--> statement-breakpoint
-- Custom (docs/decisions/103), written by hand below this line: the triggers that mark an event
-- for the workflow job's next poll (workflow_check_at = the epoch) whenever it, or something its
-- timed actions depend on, changes, whoever writes it; and the backfill of existing events.
CREATE OR REPLACE FUNCTION "events_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'confirmed' THEN
    NEW.workflow_check_at := NULL;
  ELSIF TG_OP = 'INSERT'
     OR OLD.status IS DISTINCT FROM NEW.status
     OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
     OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
     OR OLD.start_set_at IS DISTINCT FROM NEW.start_set_at
     OR OLD.host_id IS DISTINCT FROM NEW.host_id
     OR OLD.event_type_id IS DISTINCT FROM NEW.event_type_id
     OR OLD.guest_email IS DISTINCT FROM NEW.guest_email
     OR OLD.guest_phone IS DISTINCT FROM NEW.guest_phone
     OR OLD.sms_consent_at IS DISTINCT FROM NEW.sms_consent_at THEN
    NEW.workflow_check_at := 'epoch';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_workflow_check" BEFORE INSERT OR UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_mark_workflow_check"();--> statement-breakpoint
-- A guest or seat added to an event: a guest message waiting for someone to reach may go out.
CREATE OR REPLACE FUNCTION "event_rows_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "events" SET "workflow_check_at" = 'epoch'
    WHERE "id" = NEW.event_id AND "status" = 'confirmed' AND "workflow_check_at" IS DISTINCT FROM 'epoch';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_invitees_workflow_check" AFTER INSERT OR UPDATE ON "event_invitees" FOR EACH ROW EXECUTE FUNCTION "event_rows_mark_workflow_check"();--> statement-breakpoint
CREATE TRIGGER "booking_seats_workflow_check" AFTER INSERT OR UPDATE ON "booking_seats" FOR EACH ROW EXECUTE FUNCTION "event_rows_mark_workflow_check"();--> statement-breakpoint
-- Every event of a host that may still have a timed action open (an "after the end" action is at
-- most 30 days after an end, open for a day; events last at most 12 hours).
CREATE OR REPLACE FUNCTION "workflow_check_host"(uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "events" SET "workflow_check_at" = 'epoch'
  WHERE "host_id" = $1 AND "status" = 'confirmed' AND "starts_at" > now() - interval '32 days'
    AND "workflow_check_at" IS DISTINCT FROM 'epoch';
$$;--> statement-breakpoint
-- A host's phone (texts to the host), and their timed workflows: new ones, new offsets, actions
-- and event types apply to the bookings they already have.
CREATE OR REPLACE FUNCTION "users_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "workflow_check_host"(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_workflow_check" AFTER UPDATE OF "phone" ON "users" FOR EACH ROW WHEN (OLD.phone IS DISTINCT FROM NEW.phone) EXECUTE FUNCTION "users_mark_workflow_check"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "workflows_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.active AND NEW.trigger IN ('before_start', 'after_end') THEN
    PERFORM "workflow_check_host"(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "workflows_workflow_check_new" AFTER INSERT ON "workflows" FOR EACH ROW EXECUTE FUNCTION "workflows_mark_workflow_check"();--> statement-breakpoint
CREATE TRIGGER "workflows_workflow_check" AFTER UPDATE ON "workflows" FOR EACH ROW
  WHEN ((OLD.user_id, OLD.trigger, OLD.offset_minutes, OLD.active, OLD.all_event_types) IS DISTINCT FROM (NEW.user_id, NEW.trigger, NEW.offset_minutes, NEW.active, NEW.all_event_types))
  EXECUTE FUNCTION "workflows_mark_workflow_check"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "workflow_parts_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "workflow_check_host"(w.user_id) FROM "workflows" w
    WHERE w.id = NEW.workflow_id AND w.active AND w.trigger IN ('before_start', 'after_end');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "workflow_actions_workflow_check" AFTER INSERT ON "workflow_actions" FOR EACH ROW EXECUTE FUNCTION "workflow_parts_mark_workflow_check"();--> statement-breakpoint
CREATE TRIGGER "workflow_event_types_workflow_check" AFTER INSERT ON "workflow_event_types" FOR EACH ROW EXECUTE FUNCTION "workflow_parts_mark_workflow_check"();--> statement-breakpoint
-- Backfill: each confirmed event's earliest timed action not yet sent that can still go out (the
-- rules of app/scheduling/workflows.ts, nextWorkflowCheck); the job refines it at that time.
UPDATE "events" e SET "workflow_check_at" = due.at
FROM (
  SELECT e.id, min(a.at) AS at
  FROM "events" e
  JOIN "workflows" w ON w.user_id = e.host_id AND w.active AND w.trigger IN ('before_start', 'after_end')
    AND (w.all_event_types OR EXISTS (
      SELECT 1 FROM "workflow_event_types" t WHERE t.workflow_id = w.id AND t.event_type_id = e.event_type_id))
  CROSS JOIN LATERAL (SELECT CASE WHEN w.trigger = 'before_start'
    THEN e.starts_at - make_interval(mins => w.offset_minutes)
    ELSE e.ends_at + make_interval(mins => w.offset_minutes) END AS at) a
  WHERE e.status = 'confirmed' AND e.starts_at > now() - interval '32 days'
    AND a.at >= e.start_set_at
    AND CASE WHEN w.trigger = 'before_start' THEN e.starts_at > now() ELSE a.at >= now() - interval '1 day' END
    AND EXISTS (SELECT 1 FROM "workflow_actions" x WHERE x.workflow_id = w.id AND NOT EXISTS (
      SELECT 1 FROM "workflow_deliveries" d WHERE d.action_id = x.id AND d.event_id = e.id AND d.starts_at = e.starts_at))
  GROUP BY e.id
) due
WHERE e.id = due.id;
