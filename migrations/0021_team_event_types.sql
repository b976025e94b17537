ALTER TYPE "public"."booking_event_kind" ADD VALUE 'reassigned';--> statement-breakpoint
CREATE TABLE "event_type_hosts" (
	"event_type_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_type_hosts_event_type_id_user_id_pk" PRIMARY KEY("event_type_id","user_id"),
	CONSTRAINT "event_type_hosts_weight_range" CHECK ("event_type_hosts"."weight" between 0 and 100),
	CONSTRAINT "event_type_hosts_priority_known" CHECK ("event_type_hosts"."priority" in ('low', 'medium', 'high', 'highest'))
);
--> statement-breakpoint
CREATE TABLE "out_of_office" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"redirect_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "out_of_office_ends_after_start" CHECK ("out_of_office"."ends_at" > "out_of_office"."starts_at"),
	CONSTRAINT "out_of_office_not_self" CHECK ("out_of_office"."redirect_user_id" is null or "out_of_office"."redirect_user_id" <> "out_of_office"."user_id")
);
--> statement-breakpoint
CREATE TABLE "booking_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"host_id" uuid,
	"previous_host_id" uuid,
	"actor_id" uuid,
	"reason" text NOT NULL,
	"candidates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_types" DROP CONSTRAINT "event_types_kind";--> statement-breakpoint
DROP INDEX "event_types_user_slug_key";--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "round_robin_mode" text DEFAULT 'fairness' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "locked_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "event_type_hosts" ADD CONSTRAINT "event_type_hosts_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_type_hosts" ADD CONSTRAINT "event_type_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_of_office" ADD CONSTRAINT "out_of_office_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_of_office" ADD CONSTRAINT "out_of_office_redirect_user_id_users_id_fk" FOREIGN KEY ("redirect_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_previous_host_id_users_id_fk" FOREIGN KEY ("previous_host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_type_hosts_user_idx" ON "event_type_hosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "out_of_office_user_end_idx" ON "out_of_office" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "booking_assignments_event_idx" ON "booking_assignments" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_parent_id_event_types_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_team_slug_key" ON "event_types" USING btree ("team_id",lower("slug")) WHERE "event_types"."team_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_parent_user_key" ON "event_types" USING btree ("parent_id","user_id") WHERE "event_types"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_team_idx" ON "webhook_subscriptions" USING btree ("team_id","created_at") WHERE "webhook_subscriptions"."team_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_user_slug_key" ON "event_types" USING btree ("user_id",lower("slug")) WHERE "event_types"."team_id" is null;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_round_robin_mode" CHECK ("event_types"."round_robin_mode" in ('fairness', 'availability'));--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_kind" CHECK ("event_types"."kind" in ('one-to-one', 'group', 'collective', 'round-robin', 'managed'));--> statement-breakpoint
-- Hand-written (decision 058). Each team event type's hosts move from host_ids into
-- event_type_hosts: its owner, then each listed host who is still a member of its team (an empty
-- list meant "the owner alone"), at weight 100 and priority medium.
INSERT INTO event_type_hosts (event_type_id, user_id)
  SELECT e.id, e.user_id FROM event_types e
  WHERE e.team_id IS NOT NULL AND e.kind IN ('collective', 'round-robin')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO event_type_hosts (event_type_id, user_id)
  SELECT e.id, h.host_id FROM event_types e CROSS JOIN LATERAL unnest(e.host_ids) AS h(host_id)
  WHERE e.team_id IS NOT NULL AND e.kind IN ('collective', 'round-robin')
    AND EXISTS (SELECT 1 FROM team_memberships m WHERE m.team_id = e.team_id AND m.user_id = h.host_id)
ON CONFLICT DO NOTHING;
