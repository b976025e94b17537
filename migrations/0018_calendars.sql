CREATE TYPE "public"."calendar_connection_type" AS ENUM('caldav', 'ics', 'google');--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "calendar_connection_type" NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"secret" text,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_busy" (
	"calendar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"checks_conflicts" boolean DEFAULT true NOT NULL,
	"receives_bookings" boolean DEFAULT false NOT NULL,
	"writable" boolean DEFAULT false NOT NULL,
	"version" text,
	"busy_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_event_copies" (
	"event_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"etag" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_event_copies_event_id_calendar_id_pk" PRIMARY KEY("event_id","calendar_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_event_copies" ADD CONSTRAINT "external_event_copies_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_user_idx" ON "calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_connections_next_sync_idx" ON "calendar_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "external_busy_user_starts_idx" ON "external_busy" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "external_busy_calendar_idx" ON "external_busy" USING btree ("calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_connection_external_key" ON "external_calendars" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_one_receiver_key" ON "external_calendars" USING btree ("user_id") WHERE "external_calendars"."receives_bookings";