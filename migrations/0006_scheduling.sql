CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration" integer NOT NULL,
	"kind" text DEFAULT 'one-to-one' NOT NULL,
	"location" jsonb NOT NULL,
	"seats" integer,
	"buffer_before" integer DEFAULT 0 NOT NULL,
	"buffer_after" integer DEFAULT 0 NOT NULL,
	"minimum_notice" integer DEFAULT 120 NOT NULL,
	"booking_window_days" integer DEFAULT 60 NOT NULL,
	"slot_interval" integer,
	"daily_limit" integer,
	"schedule_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"host_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_types_kind" CHECK ("event_types"."kind" in ('one-to-one', 'group', 'collective', 'round-robin')),
	CONSTRAINT "event_types_duration_range" CHECK ("event_types"."duration" between 5 and 720),
	CONSTRAINT "event_types_seats" CHECK (("event_types"."kind" = 'group') = ("event_types"."seats" is not null))
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_one_default_key" ON "schedules" USING btree ("user_id") WHERE "schedules"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_user_slug_key" ON "event_types" USING btree ("user_id",lower("slug"));