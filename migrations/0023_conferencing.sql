CREATE TABLE "booking_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"app" text NOT NULL,
	"status" text NOT NULL,
	"external_id" text,
	"join_url" text,
	"dial_in" text,
	"passcode" text,
	"last_error" text,
	"starts_at" timestamp with time zone,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_meetings_status" CHECK ("booking_meetings"."status" in ('created', 'failed', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "conferencing_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"secret" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conferencing_apps_app" CHECK ("conferencing_apps"."app" in ('zoom', 'google-meet', 'microsoft-teams'))
);
--> statement-breakpoint
ALTER TABLE "booking_meetings" ADD CONSTRAINT "booking_meetings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_meetings" ADD CONSTRAINT "booking_meetings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencing_apps" ADD CONSTRAINT "conferencing_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_meetings_event_key" ON "booking_meetings" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "booking_meetings_host_idx" ON "booking_meetings" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conferencing_apps_user_app_key" ON "conferencing_apps" USING btree ("user_id","app");--> statement-breakpoint
CREATE UNIQUE INDEX "conferencing_apps_one_default_key" ON "conferencing_apps" USING btree ("user_id") WHERE "conferencing_apps"."is_default";