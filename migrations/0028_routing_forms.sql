CREATE TABLE "routing_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"routes" jsonb NOT NULL,
	"fallback" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"route_index" integer,
	"action" jsonb NOT NULL,
	"event_type_id" uuid,
	"host_ids" uuid[],
	"booking_id" uuid,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_responses_route_index" CHECK ("routing_responses"."route_index" is null or "routing_responses"."route_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "routing_response_id" uuid;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_forms" ADD CONSTRAINT "routing_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_forms" ADD CONSTRAINT "routing_forms_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_form_id_routing_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."routing_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_booking_id_events_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routing_forms_user_idx" ON "routing_forms" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "routing_forms_team_idx" ON "routing_forms" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "routing_responses_form_idx" ON "routing_responses" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "routing_responses_booking_key" ON "routing_responses" USING btree ("booking_id");
