CREATE TABLE "workflow_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	CONSTRAINT "workflow_actions_type" CHECK ("workflow_actions"."type" in ('email_guest', 'email_host', 'sms_guest', 'sms_host', 'bell'))
);
--> statement-breakpoint
CREATE TABLE "workflow_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_event_types" (
	"workflow_id" uuid NOT NULL,
	"event_type_id" uuid NOT NULL,
	CONSTRAINT "workflow_event_types_workflow_id_event_type_id_pk" PRIMARY KEY("workflow_id","event_type_id")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"offset_minutes" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"all_event_types" boolean DEFAULT false NOT NULL,
	"preset" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_trigger" CHECK ("workflows"."trigger" in ('booked', 'before_start', 'after_end', 'cancelled', 'rescheduled', 'no_show')),
	CONSTRAINT "workflows_offset" CHECK ("workflows"."offset_minutes" between 0 and 43200)
);
--> statement-breakpoint
ALTER TABLE "workflow_actions" ADD CONSTRAINT "workflow_actions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_deliveries" ADD CONSTRAINT "workflow_deliveries_action_id_workflow_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."workflow_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_deliveries" ADD CONSTRAINT "workflow_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_event_types" ADD CONSTRAINT "workflow_event_types_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_event_types" ADD CONSTRAINT "workflow_event_types_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_actions_position" ON "workflow_actions" USING btree ("workflow_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_deliveries_key" ON "workflow_deliveries" USING btree ("action_id","event_id","starts_at");--> statement-breakpoint
CREATE INDEX "workflow_deliveries_event_idx" ON "workflow_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "workflow_event_types_type_idx" ON "workflow_event_types" USING btree ("event_type_id");--> statement-breakpoint
CREATE INDEX "workflows_user_id_idx" ON "workflows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_user_preset" ON "workflows" USING btree ("user_id","preset") WHERE "workflows"."preset" is not null;--> statement-breakpoint
-- Custom (docs/decisions/085): decision 022's four reminder rules become each host's default
-- workflows, for all of their event types, with the host's settings (no settings row: the
-- defaults of app/scheduling/reminders.ts). Every new account gets the same set.
CREATE OR REPLACE FUNCTION "workflows_create_defaults"(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  wid uuid;
BEGIN
  SELECT
    coalesce(r.guest_email_on, true) AS ge_on, coalesce(r.guest_email_minutes, 1440) AS ge_min,
    coalesce(r.second_guest_email_on, false) AS ge2_on, coalesce(r.second_guest_email_minutes, 60) AS ge2_min,
    coalesce(r.host_in_app_on, true) AS bell_on, coalesce(r.host_in_app_minutes, 15) AS bell_min,
    coalesce(r.follow_up_on, false) AS fu_on, coalesce(r.follow_up_minutes, 60) AS fu_min,
    coalesce(r.follow_up_message, '') AS fu_message
  INTO s
  FROM (SELECT 1) AS one LEFT JOIN "reminder_settings" r ON r.user_id = uid;

  INSERT INTO "workflows" (user_id, name, trigger, offset_minutes, active, all_event_types, preset)
    VALUES (uid, 'Email reminder to invitees', 'before_start', s.ge_min, s.ge_on, true, 'guest-email')
    ON CONFLICT DO NOTHING RETURNING id INTO wid;
  IF wid IS NOT NULL THEN
    INSERT INTO "workflow_actions" (workflow_id, position, type) VALUES (wid, 0, 'email_guest');
  END IF;
  wid := NULL;
  INSERT INTO "workflows" (user_id, name, trigger, offset_minutes, active, all_event_types, preset)
    VALUES (uid, 'Second email reminder to invitees', 'before_start', s.ge2_min, s.ge2_on, true, 'guest-email-2')
    ON CONFLICT DO NOTHING RETURNING id INTO wid;
  IF wid IS NOT NULL THEN
    INSERT INTO "workflow_actions" (workflow_id, position, type) VALUES (wid, 0, 'email_guest');
  END IF;
  wid := NULL;
  INSERT INTO "workflows" (user_id, name, trigger, offset_minutes, active, all_event_types, preset)
    VALUES (uid, 'Reminder in my bell', 'before_start', s.bell_min, s.bell_on, true, 'host-in-app')
    ON CONFLICT DO NOTHING RETURNING id INTO wid;
  IF wid IS NOT NULL THEN
    INSERT INTO "workflow_actions" (workflow_id, position, type) VALUES (wid, 0, 'bell');
  END IF;
  wid := NULL;
  INSERT INTO "workflows" (user_id, name, trigger, offset_minutes, active, all_event_types, preset)
    VALUES (uid, 'Follow-up email to invitees', 'after_end', s.fu_min, s.fu_on, true, 'follow-up')
    ON CONFLICT DO NOTHING RETURNING id INTO wid;
  IF wid IS NOT NULL THEN
    INSERT INTO "workflow_actions" (workflow_id, position, type, body) VALUES (wid, 0, 'email_guest', s.fu_message);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_create_default_workflows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "workflows_create_defaults"(NEW.id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_default_workflows" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "users_create_default_workflows"();--> statement-breakpoint
SELECT "workflows_create_defaults"(id) FROM "users";--> statement-breakpoint
-- Reminders already sent stay sent: each delivery key becomes its workflow action's.
INSERT INTO "workflow_deliveries" (action_id, event_id, starts_at, sent_at)
  SELECT a.id, d.event_id, d.starts_at, d.sent_at
  FROM "reminder_deliveries" d
  JOIN "events" e ON e.id = d.event_id
  JOIN "workflows" w ON w.user_id = e.host_id AND w.preset = d.rule
  JOIN "workflow_actions" a ON a.workflow_id = w.id
  ON CONFLICT DO NOTHING;
